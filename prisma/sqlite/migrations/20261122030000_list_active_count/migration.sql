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
    "activeCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SubscriptionList_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SubscriptionList_termId_fkey" FOREIGN KEY ("termId") REFERENCES "Term" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_SubscriptionList" ("companyId", "createdAt", "description", "design", "fields", "id", "imageUrl", "isActive", "name", "showImage", "subscriberCap", "termId", "updatedAt", "uuid") SELECT "companyId", "createdAt", "description", "design", "fields", "id", "imageUrl", "isActive", "name", "showImage", "subscriberCap", "termId", "updatedAt", "uuid" FROM "SubscriptionList";
DROP TABLE "SubscriptionList";
ALTER TABLE "new_SubscriptionList" RENAME TO "SubscriptionList";
CREATE UNIQUE INDEX "SubscriptionList_uuid_key" ON "SubscriptionList"("uuid");
CREATE INDEX "SubscriptionList_companyId_isActive_idx" ON "SubscriptionList"("companyId", "isActive");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

