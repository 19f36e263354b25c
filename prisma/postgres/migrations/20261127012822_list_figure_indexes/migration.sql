-- CreateIndex
CREATE INDEX "Subscription_listId_subscribedAt_idx" ON "Subscription"("listId", "subscribedAt");

-- CreateIndex
CREATE INDEX "Subscription_listId_unsubscribedAt_idx" ON "Subscription"("listId", "unsubscribedAt");

