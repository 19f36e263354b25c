-- AlterTable
ALTER TABLE "SubscriptionList" ADD COLUMN     "doubleOptIn" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "welcomeHtml" TEXT,
ADD COLUMN     "welcomeSubject" TEXT;

-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN     "confirmationSentAt" TIMESTAMP(3),
ADD COLUMN     "confirmedAt" TIMESTAMP(3),
ADD COLUMN     "confirmedVia" TEXT,
ADD COLUMN     "pendingData" TEXT;

-- CreateTable
CREATE TABLE "Sendout" (
    "id" SERIAL NOT NULL,
    "companyId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'DRAFT',
    "subject" TEXT NOT NULL,
    "preheader" TEXT,
    "html" TEXT NOT NULL,
    "text" TEXT,
    "fromName" TEXT,
    "replyTo" TEXT,
    "sendAt" TIMESTAMP(3),
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Sendout_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SendoutList" (
    "sendoutId" INTEGER NOT NULL,
    "listId" INTEGER NOT NULL,

    CONSTRAINT "SendoutList_pkey" PRIMARY KEY ("sendoutId","listId")
);

-- CreateTable
CREATE TABLE "SendoutRecipient" (
    "id" SERIAL NOT NULL,
    "sendoutId" INTEGER NOT NULL,
    "memberId" INTEGER NOT NULL,
    "listId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3),
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "error" TEXT,

    CONSTRAINT "SendoutRecipient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Suppression" (
    "id" SERIAL NOT NULL,
    "organizationId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "reason" TEXT,
    "detail" TEXT NOT NULL DEFAULT '',
    "softBounces" INTEGER NOT NULL DEFAULT 0,
    "suppressedAt" TIMESTAMP(3),
    "liftedAt" TIMESTAMP(3),
    "liftedBy" TEXT,
    "liftNote" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Suppression_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "Sendout" ADD CONSTRAINT "Sendout_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SendoutList" ADD CONSTRAINT "SendoutList_sendoutId_fkey" FOREIGN KEY ("sendoutId") REFERENCES "Sendout"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SendoutList" ADD CONSTRAINT "SendoutList_listId_fkey" FOREIGN KEY ("listId") REFERENCES "SubscriptionList"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SendoutRecipient" ADD CONSTRAINT "SendoutRecipient_sendoutId_fkey" FOREIGN KEY ("sendoutId") REFERENCES "Sendout"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SendoutRecipient" ADD CONSTRAINT "SendoutRecipient_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Suppression" ADD CONSTRAINT "Suppression_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

