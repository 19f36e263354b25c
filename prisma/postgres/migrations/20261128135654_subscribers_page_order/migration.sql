-- DropIndex
DROP INDEX "Subscription_listId_subscribedAt_idx";

-- CreateIndex
CREATE INDEX "Subscription_listId_subscribedAt_id_idx" ON "Subscription"("listId", "subscribedAt", "id");

