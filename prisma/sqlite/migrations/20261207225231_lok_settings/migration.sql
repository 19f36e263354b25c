-- CreateTable
CREATE TABLE "LokSettings" (
    "companyId" TEXT NOT NULL PRIMARY KEY,
    "minAge" INTEGER NOT NULL,
    "maxAge" INTEGER NOT NULL,
    "minParticipants" INTEGER NOT NULL,
    "minLeaderAge" INTEGER NOT NULL,
    "minMinutes" INTEGER NOT NULL,
    "maxParticipantsPerLeader" INTEGER NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "LokSettings_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

