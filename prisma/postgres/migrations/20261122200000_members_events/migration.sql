-- AlterTable
ALTER TABLE "Member" ADD COLUMN     "birthdate" TEXT,
ADD COLUMN     "erasedAt" TIMESTAMP(3),
ADD COLUMN     "post" TEXT,
ADD COLUMN     "street" TEXT,
ADD COLUMN     "zipcode" TEXT,
ALTER COLUMN "email" DROP NOT NULL;

-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "capacity" INTEGER,
ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'Europe/Stockholm';

-- CreateTable
CREATE TABLE "EventParticipant" (
    "eventId" INTEGER NOT NULL,
    "memberId" INTEGER NOT NULL,
    "registeredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EventParticipant_pkey" PRIMARY KEY ("eventId","memberId")
);

-- CreateIndex
CREATE INDEX "EventParticipant_memberId_idx" ON "EventParticipant"("memberId");

-- CreateIndex
CREATE INDEX "Member_createdAt_id_idx" ON "Member"("createdAt", "id");

-- CreateIndex
CREATE INDEX "Member_organizationId_birthdate_idx" ON "Member"("organizationId", "birthdate");

-- CreateIndex
CREATE INDEX "Membership_periodId_status_memberId_idx" ON "Membership"("periodId", "status", "memberId");

-- AddForeignKey
ALTER TABLE "EventParticipant" ADD CONSTRAINT "EventParticipant_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EventParticipant" ADD CONSTRAINT "EventParticipant_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

