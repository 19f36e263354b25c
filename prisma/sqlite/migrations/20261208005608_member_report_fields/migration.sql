-- AlterTable
ALTER TABLE "Member" ADD COLUMN "disability" BOOLEAN;
ALTER TABLE "Member" ADD COLUMN "gender" TEXT;
ALTER TABLE "Member" ADD COLUMN "personalNumberEncrypted" TEXT;
ALTER TABLE "Member" ADD COLUMN "reportRetainedUntil" DATETIME;

