-- CreateTable
CREATE TABLE "EmailChange" (
    "id" SERIAL NOT NULL,
    "memberId" INTEGER NOT NULL,
    "oldEmail" TEXT NOT NULL,
    "newEmail" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "EmailChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EmailChange_memberId_createdAt_idx" ON "EmailChange"("memberId", "createdAt");

-- CreateIndex
CREATE INDEX "EmailChange_expiresAt_idx" ON "EmailChange"("expiresAt");

-- AddForeignKey
ALTER TABLE "EmailChange" ADD CONSTRAINT "EmailChange_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

