-- AlterTable
ALTER TABLE "AdminUser" ADD COLUMN "memberId" INTEGER;

-- CreateTable
CREATE TABLE "LeaderInvitation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tokenHash" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "memberId" INTEGER NOT NULL,
    "companyId" TEXT NOT NULL,
    "invitedBy" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "LeaderInvitation_tokenHash_key" ON "LeaderInvitation"("tokenHash");

-- CreateIndex
CREATE INDEX "LeaderInvitation_email_idx" ON "LeaderInvitation"("email");

