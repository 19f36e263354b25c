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
    "consentRequired" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "SubscriptionList_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SubscriptionList_termId_fkey" FOREIGN KEY ("termId") REFERENCES "Term" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_SubscriptionList" ("activeCount", "companyId", "createdAt", "description", "design", "doubleOptIn", "fields", "id", "imageUrl", "isActive", "name", "showImage", "subscriberCap", "termId", "updatedAt", "uuid", "welcomeHtml", "welcomeSubject") SELECT "activeCount", "companyId", "createdAt", "description", "design", "doubleOptIn", "fields", "id", "imageUrl", "isActive", "name", "showImage", "subscriberCap", "termId", "updatedAt", "uuid", "welcomeHtml", "welcomeSubject" FROM "SubscriptionList";
DROP TABLE "SubscriptionList";
ALTER TABLE "new_SubscriptionList" RENAME TO "SubscriptionList";
CREATE UNIQUE INDEX "SubscriptionList_uuid_key" ON "SubscriptionList"("uuid");
CREATE INDEX "SubscriptionList_companyId_isActive_idx" ON "SubscriptionList"("companyId", "isActive");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


-- The rebuild above dropped these tables' triggers (SubscriptionList): re-created as they were.
CREATE TRIGGER "SubscriptionList_epoch_delete" AFTER DELETE ON "SubscriptionList"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;
CREATE TRIGGER "SubscriptionList_epoch_update" AFTER UPDATE OF "uuid", "companyId", "name", "description", "fields", "isActive", "imageUrl", "showImage", "design", "termId", "doubleOptIn" ON "SubscriptionList"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;


-- The public list cache (lib/services/public-lists.ts) now reads "consentRequired" and the organization's name,
-- email and website, all shown on the hosted form: a change of them must move the public_lists epoch
-- (lib/cache/README.md).
DROP TRIGGER "SubscriptionList_epoch_update";
CREATE TRIGGER "SubscriptionList_epoch_update" AFTER UPDATE OF "uuid", "companyId", "name", "description", "fields", "isActive", "imageUrl", "showImage", "design", "termId", "doubleOptIn", "consentRequired" ON "SubscriptionList"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;
DROP TRIGGER "Company_epoch_update";
CREATE TRIGGER "Company_epoch_update" AFTER UPDATE OF "id", "deletedAt", "name", "email", "web" ON "Company"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;
