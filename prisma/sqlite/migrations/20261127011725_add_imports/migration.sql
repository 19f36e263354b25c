-- CreateTable
CREATE TABLE "ImportRun" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "organizationId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "listId" INTEGER,
    "status" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "fileSize" INTEGER NOT NULL,
    "filePath" TEXT,
    "mapping" TEXT,
    "consentSource" TEXT,
    "actor" TEXT NOT NULL,
    "rowsRead" INTEGER NOT NULL DEFAULT 0,
    "added" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME,
    "error" TEXT,
    "undoRemoved" INTEGER,
    "undoKept" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME,
    "undoneAt" DATETIME
);

-- CreateTable
CREATE TABLE "ImportRow" (
    "runId" INTEGER NOT NULL,
    "rowNumber" INTEGER NOT NULL,
    "email" TEXT,
    "outcome" TEXT NOT NULL,
    "reason" TEXT,
    "memberId" INTEGER,
    "memberCreated" BOOLEAN NOT NULL DEFAULT false,
    "subscribed" BOOLEAN NOT NULL DEFAULT false,
    "subscriptionNew" BOOLEAN NOT NULL DEFAULT false,
    "filled" TEXT,
    "memberWrittenAt" DATETIME,

    PRIMARY KEY ("runId", "rowNumber"),
    CONSTRAINT "ImportRow_runId_fkey" FOREIGN KEY ("runId") REFERENCES "ImportRun" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ImportMapping" (
    "organizationId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "mapping" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("organizationId", "kind")
);

-- CreateIndex
CREATE INDEX "ImportRun_organizationId_createdAt_idx" ON "ImportRun"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "ImportRun_status_leaseUntil_idx" ON "ImportRun"("status", "leaseUntil");

