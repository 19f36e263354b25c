-- AlterTable
ALTER TABLE "SubscriptionList" ADD COLUMN     "activeCount" INTEGER NOT NULL DEFAULT 0;

