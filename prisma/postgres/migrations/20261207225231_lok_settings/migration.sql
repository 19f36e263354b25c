-- CreateTable
CREATE TABLE "LokSettings" (
    "companyId" TEXT NOT NULL,
    "minAge" INTEGER NOT NULL,
    "maxAge" INTEGER NOT NULL,
    "minParticipants" INTEGER NOT NULL,
    "minLeaderAge" INTEGER NOT NULL,
    "minMinutes" INTEGER NOT NULL,
    "maxParticipantsPerLeader" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LokSettings_pkey" PRIMARY KEY ("companyId")
);

-- AddForeignKey
ALTER TABLE "LokSettings" ADD CONSTRAINT "LokSettings_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

