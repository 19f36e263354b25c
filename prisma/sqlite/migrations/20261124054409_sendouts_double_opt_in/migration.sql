-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN "confirmationSentAt" DATETIME;
ALTER TABLE "Subscription" ADD COLUMN "confirmedAt" DATETIME;
ALTER TABLE "Subscription" ADD COLUMN "confirmedVia" TEXT;
ALTER TABLE "Subscription" ADD COLUMN "pendingData" TEXT;

-- CreateTable
CREATE TABLE "Sendout" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'DRAFT',
    "subject" TEXT NOT NULL,
    "preheader" TEXT,
    "html" TEXT NOT NULL,
    "text" TEXT,
    "fromName" TEXT,
    "replyTo" TEXT,
    "sendAt" DATETIME,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Sendout_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SendoutList" (
    "sendoutId" INTEGER NOT NULL,
    "listId" INTEGER NOT NULL,

    PRIMARY KEY ("sendoutId", "listId"),
    CONSTRAINT "SendoutList_sendoutId_fkey" FOREIGN KEY ("sendoutId") REFERENCES "Sendout" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SendoutList_listId_fkey" FOREIGN KEY ("listId") REFERENCES "SubscriptionList" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SendoutRecipient" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sendoutId" INTEGER NOT NULL,
    "memberId" INTEGER NOT NULL,
    "listId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME,
    "sentAt" DATETIME,
    "error" TEXT,
    CONSTRAINT "SendoutRecipient_sendoutId_fkey" FOREIGN KEY ("sendoutId") REFERENCES "Sendout" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SendoutRecipient_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Suppression" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "organizationId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "reason" TEXT,
    "detail" TEXT NOT NULL DEFAULT '',
    "softBounces" INTEGER NOT NULL DEFAULT 0,
    "suppressedAt" DATETIME,
    "liftedAt" DATETIME,
    "liftedBy" TEXT,
    "liftNote" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Suppression_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_SubscriptionList" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "uuid" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "fields" TEXT NOT NULL DEFAULT '[]',
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "imageUrl" TEXT,
    "showImage" BOOLEAN NOT NULL DEFAULT false,
    "design" TEXT,
    "termId" INTEGER,
    "subscriberCap" INTEGER,
    "doubleOptIn" BOOLEAN NOT NULL DEFAULT false,
    "welcomeSubject" TEXT,
    "welcomeHtml" TEXT,
    "activeCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SubscriptionList_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SubscriptionList_termId_fkey" FOREIGN KEY ("termId") REFERENCES "Term" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_SubscriptionList" ("activeCount", "companyId", "createdAt", "description", "design", "fields", "id", "imageUrl", "isActive", "name", "showImage", "subscriberCap", "termId", "updatedAt", "uuid") SELECT "activeCount", "companyId", "createdAt", "description", "design", "fields", "id", "imageUrl", "isActive", "name", "showImage", "subscriberCap", "termId", "updatedAt", "uuid" FROM "SubscriptionList";
DROP TABLE "SubscriptionList";
ALTER TABLE "new_SubscriptionList" RENAME TO "SubscriptionList";
CREATE UNIQUE INDEX "SubscriptionList_uuid_key" ON "SubscriptionList"("uuid");
CREATE INDEX "SubscriptionList_companyId_isActive_idx" ON "SubscriptionList"("companyId", "isActive");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Sendout_companyId_createdAt_idx" ON "Sendout"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "Sendout_status_sendAt_idx" ON "Sendout"("status", "sendAt");

-- CreateIndex
CREATE INDEX "SendoutList_listId_idx" ON "SendoutList"("listId");

-- CreateIndex
CREATE INDEX "SendoutRecipient_sendoutId_status_nextAttemptAt_idx" ON "SendoutRecipient"("sendoutId", "status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "SendoutRecipient_memberId_idx" ON "SendoutRecipient"("memberId");

-- CreateIndex
CREATE INDEX "SendoutRecipient_email_idx" ON "SendoutRecipient"("email");

-- CreateIndex
CREATE UNIQUE INDEX "SendoutRecipient_sendoutId_memberId_key" ON "SendoutRecipient"("sendoutId", "memberId");

-- CreateIndex
CREATE INDEX "Suppression_organizationId_suppressedAt_idx" ON "Suppression"("organizationId", "suppressedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Suppression_organizationId_email_key" ON "Suppression"("organizationId", "email");


-- The rebuild above dropped these tables' triggers (SubscriptionList): re-created as they were.
CREATE TRIGGER "SubscriptionList_epoch_delete" AFTER DELETE ON "SubscriptionList"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;
CREATE TRIGGER "SubscriptionList_epoch_update" AFTER UPDATE OF "uuid", "companyId", "name", "description", "fields", "isActive", "imageUrl", "showImage", "design", "termId" ON "SubscriptionList"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;
