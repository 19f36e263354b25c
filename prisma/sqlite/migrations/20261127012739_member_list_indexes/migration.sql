-- DropIndex
DROP INDEX "Member_createdAt_id_idx";

-- DropIndex
DROP INDEX "Member_organizationId_createdAt_idx";

-- CreateIndex
CREATE INDEX "Member_organizationId_erasedAt_createdAt_idx" ON "Member"("organizationId", "erasedAt", "createdAt");

-- CreateIndex
CREATE INDEX "Member_createdAt_id_organizationId_erasedAt_idx" ON "Member"("createdAt", "id", "organizationId", "erasedAt");

-- CreateIndex
CREATE INDEX "Membership_status_memberId_idx" ON "Membership"("status", "memberId");

-- CreateIndex
CREATE INDEX "Membership_companyId_status_memberId_idx" ON "Membership"("companyId", "status", "memberId");

