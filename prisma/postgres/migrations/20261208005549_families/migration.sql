-- AlterTable
ALTER TABLE "Activity" ADD COLUMN     "signupOpen" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "MemberGuardian" (
    "id" SERIAL NOT NULL,
    "childId" INTEGER NOT NULL,
    "guardianId" INTEGER NOT NULL,
    "relation" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MemberGuardian_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GuardianConsent" (
    "id" SERIAL NOT NULL,
    "guardianId" INTEGER NOT NULL,
    "childId" INTEGER NOT NULL,
    "consentKey" TEXT NOT NULL,
    "givenAt" TIMESTAMP(3) NOT NULL,
    "source" TEXT NOT NULL,
    "withdrawnAt" TIMESTAMP(3),

    CONSTRAINT "GuardianConsent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActivitySignup" (
    "id" SERIAL NOT NULL,
    "activityId" INTEGER NOT NULL,
    "details" TEXT NOT NULL,
    "guardianEmail" TEXT NOT NULL,
    "lang" TEXT NOT NULL DEFAULT 'sv',
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "confirmedAt" TIMESTAMP(3),
    "participantMemberId" INTEGER,
    "guardianMemberId" INTEGER,
    "cancelTokenHash" TEXT,
    "cancelledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ActivitySignup_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "MemberGuardian" ADD CONSTRAINT "MemberGuardian_childId_fkey" FOREIGN KEY ("childId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MemberGuardian" ADD CONSTRAINT "MemberGuardian_guardianId_fkey" FOREIGN KEY ("guardianId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GuardianConsent" ADD CONSTRAINT "GuardianConsent_guardianId_fkey" FOREIGN KEY ("guardianId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GuardianConsent" ADD CONSTRAINT "GuardianConsent_childId_fkey" FOREIGN KEY ("childId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActivitySignup" ADD CONSTRAINT "ActivitySignup_activityId_fkey" FOREIGN KEY ("activityId") REFERENCES "Activity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

