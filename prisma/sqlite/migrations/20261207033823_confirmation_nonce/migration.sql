-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Subscription" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "listId" INTEGER NOT NULL,
    "memberId" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "subscribedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "unsubscribedAt" DATETIME,
    "confirmationSentAt" DATETIME,
    "pendingData" TEXT,
    "confirmedAt" DATETIME,
    "confirmedVia" TEXT,
    "unsubscribedVia" TEXT,
    "confirmationNonce" TEXT,
    "endedWhilePending" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "Subscription_listId_fkey" FOREIGN KEY ("listId") REFERENCES "SubscriptionList" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Subscription_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Subscription" ("confirmationSentAt", "confirmedAt", "confirmedVia", "id", "listId", "memberId", "pendingData", "source", "status", "subscribedAt", "unsubscribedAt", "unsubscribedVia") SELECT "confirmationSentAt", "confirmedAt", "confirmedVia", "id", "listId", "memberId", "pendingData", "source", "status", "subscribedAt", "unsubscribedAt", "unsubscribedVia" FROM "Subscription";
DROP TABLE "Subscription";
ALTER TABLE "new_Subscription" RENAME TO "Subscription";
CREATE INDEX "Subscription_listId_status_idx" ON "Subscription"("listId", "status");
CREATE INDEX "Subscription_listId_subscribedAt_id_idx" ON "Subscription"("listId", "subscribedAt", "id");
CREATE INDEX "Subscription_listId_unsubscribedAt_idx" ON "Subscription"("listId", "unsubscribedAt");
CREATE INDEX "Subscription_memberId_idx" ON "Subscription"("memberId");
CREATE UNIQUE INDEX "Subscription_listId_memberId_key" ON "Subscription"("listId", "memberId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

