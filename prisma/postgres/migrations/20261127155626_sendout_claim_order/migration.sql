-- DropIndex
DROP INDEX "SendoutRecipient_sendoutId_status_nextAttemptAt_idx";

-- CreateIndex
CREATE INDEX "SendoutRecipient_sendoutId_status_id_idx" ON "SendoutRecipient"("sendoutId", "status", "id");

