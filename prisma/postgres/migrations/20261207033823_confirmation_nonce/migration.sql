-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN     "confirmationNonce" TEXT,
ADD COLUMN     "endedWhilePending" BOOLEAN NOT NULL DEFAULT false;

