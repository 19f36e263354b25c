-- AlterTable
ALTER TABLE "ImportRow" ADD COLUMN     "membershipId" INTEGER;

