-- CreateTable
CREATE TABLE "MemberGuardian" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "childId" INTEGER NOT NULL,
    "guardianId" INTEGER NOT NULL,
    "relation" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MemberGuardian_childId_fkey" FOREIGN KEY ("childId") REFERENCES "Member" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MemberGuardian_guardianId_fkey" FOREIGN KEY ("guardianId") REFERENCES "Member" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "GuardianConsent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "guardianId" INTEGER NOT NULL,
    "childId" INTEGER NOT NULL,
    "consentKey" TEXT NOT NULL,
    "givenAt" DATETIME NOT NULL,
    "source" TEXT NOT NULL,
    "withdrawnAt" DATETIME,
    CONSTRAINT "GuardianConsent_guardianId_fkey" FOREIGN KEY ("guardianId") REFERENCES "Member" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GuardianConsent_childId_fkey" FOREIGN KEY ("childId") REFERENCES "Member" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ActivitySignup" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "activityId" INTEGER NOT NULL,
    "details" TEXT NOT NULL,
    "guardianEmail" TEXT NOT NULL,
    "lang" TEXT NOT NULL DEFAULT 'sv',
    "tokenHash" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "confirmedAt" DATETIME,
    "participantMemberId" INTEGER,
    "guardianMemberId" INTEGER,
    "cancelTokenHash" TEXT,
    "cancelledAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ActivitySignup_activityId_fkey" FOREIGN KEY ("activityId") REFERENCES "Activity" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable: a column with a constant default is added in place (no copy of the table, its triggers kept).
ALTER TABLE "Activity" ADD COLUMN "signupOpen" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "MemberGuardian_guardianId_idx" ON "MemberGuardian"("guardianId");

-- CreateIndex
CREATE UNIQUE INDEX "MemberGuardian_childId_guardianId_key" ON "MemberGuardian"("childId", "guardianId");

-- CreateIndex
CREATE INDEX "GuardianConsent_childId_guardianId_idx" ON "GuardianConsent"("childId", "guardianId");

-- CreateIndex
CREATE INDEX "GuardianConsent_guardianId_idx" ON "GuardianConsent"("guardianId");

-- CreateIndex
CREATE UNIQUE INDEX "ActivitySignup_tokenHash_key" ON "ActivitySignup"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "ActivitySignup_cancelTokenHash_key" ON "ActivitySignup"("cancelTokenHash");

-- CreateIndex
CREATE INDEX "ActivitySignup_activityId_createdAt_idx" ON "ActivitySignup"("activityId", "createdAt");

-- CreateIndex
CREATE INDEX "ActivitySignup_expiresAt_idx" ON "ActivitySignup"("expiresAt");

