-- AlterTable
ALTER TABLE "AdminUser" ADD COLUMN     "memberId" INTEGER;

-- CreateTable
CREATE TABLE "LeaderInvitation" (
    "id" SERIAL NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "memberId" INTEGER NOT NULL,
    "companyId" TEXT NOT NULL,
    "invitedBy" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LeaderInvitation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "LeaderInvitation_tokenHash_key" ON "LeaderInvitation"("tokenHash");

-- CreateIndex
CREATE INDEX "LeaderInvitation_email_idx" ON "LeaderInvitation"("email");

