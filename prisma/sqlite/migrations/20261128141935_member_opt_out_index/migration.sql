-- CreateIndex
CREATE INDEX "Member_globalOptOutAt_idx" ON "Member"("globalOptOutAt");

