-- AlterTable
ALTER TABLE "Member" ADD COLUMN     "disability" BOOLEAN,
ADD COLUMN     "gender" TEXT,
ADD COLUMN     "personalNumberEncrypted" TEXT,
ADD COLUMN     "reportRetainedUntil" TIMESTAMP(3);

