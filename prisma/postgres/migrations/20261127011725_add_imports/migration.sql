-- CreateTable
CREATE TABLE "ImportRun" (
    "id" SERIAL NOT NULL,
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
    "leaseUntil" TIMESTAMP(3),
    "error" TEXT,
    "undoRemoved" INTEGER,
    "undoKept" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),
    "undoneAt" TIMESTAMP(3),

    CONSTRAINT "ImportRun_pkey" PRIMARY KEY ("id")
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
    "memberWrittenAt" TIMESTAMP(3),

    CONSTRAINT "ImportRow_pkey" PRIMARY KEY ("runId","rowNumber")
);

-- CreateTable
CREATE TABLE "ImportMapping" (
    "organizationId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "mapping" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ImportMapping_pkey" PRIMARY KEY ("organizationId","kind")
);

-- CreateIndex
CREATE INDEX "ImportRun_organizationId_createdAt_idx" ON "ImportRun"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "ImportRun_status_leaseUntil_idx" ON "ImportRun"("status", "leaseUntil");

-- AddForeignKey
ALTER TABLE "ImportRow" ADD CONSTRAINT "ImportRow_runId_fkey" FOREIGN KEY ("runId") REFERENCES "ImportRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

