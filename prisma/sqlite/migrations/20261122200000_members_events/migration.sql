-- CreateTable
CREATE TABLE "EventParticipant" (
    "eventId" INTEGER NOT NULL,
    "memberId" INTEGER NOT NULL,
    "registeredAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("eventId", "memberId"),
    CONSTRAINT "EventParticipant_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "EventParticipant_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Member" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "uuid" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "email" TEXT,
    "firstname" TEXT,
    "lastname" TEXT,
    "phone" TEXT,
    "birthdate" TEXT,
    "street" TEXT,
    "zipcode" TEXT,
    "post" TEXT,
    "globalOptOutAt" DATETIME,
    "erasedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Member_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Member" ("createdAt", "email", "firstname", "globalOptOutAt", "id", "lastname", "organizationId", "phone", "updatedAt", "uuid") SELECT "createdAt", "email", "firstname", "globalOptOutAt", "id", "lastname", "organizationId", "phone", "updatedAt", "uuid" FROM "Member";
DROP TABLE "Member";
ALTER TABLE "new_Member" RENAME TO "Member";
CREATE UNIQUE INDEX "Member_uuid_key" ON "Member"("uuid");
CREATE INDEX "Member_organizationId_createdAt_idx" ON "Member"("organizationId", "createdAt");
CREATE INDEX "Member_createdAt_id_idx" ON "Member"("createdAt", "id");
CREATE INDEX "Member_organizationId_birthdate_idx" ON "Member"("organizationId", "birthdate");
CREATE UNIQUE INDEX "Member_organizationId_email_key" ON "Member"("organizationId", "email");
CREATE TABLE "new_Event" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "location" TEXT,
    "startsAt" DATETIME NOT NULL,
    "endsAt" DATETIME,
    "timeZone" TEXT NOT NULL DEFAULT 'Europe/Stockholm',
    "capacity" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Event_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Event" ("companyId", "createdAt", "description", "endsAt", "id", "location", "name", "startsAt") SELECT "companyId", "createdAt", "description", "endsAt", "id", "location", "name", "startsAt" FROM "Event";
DROP TABLE "Event";
ALTER TABLE "new_Event" RENAME TO "Event";
CREATE INDEX "Event_companyId_startsAt_idx" ON "Event"("companyId", "startsAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "EventParticipant_memberId_idx" ON "EventParticipant"("memberId");

-- CreateIndex
CREATE INDEX "Membership_periodId_status_memberId_idx" ON "Membership"("periodId", "status", "memberId");

