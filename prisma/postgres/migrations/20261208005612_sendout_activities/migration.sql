-- CreateTable
CREATE TABLE "SendoutActivity" (
    "sendoutId" INTEGER NOT NULL,
    "activityId" INTEGER NOT NULL,

    CONSTRAINT "SendoutActivity_pkey" PRIMARY KEY ("sendoutId","activityId")
);

-- CreateIndex
CREATE INDEX "SendoutActivity_activityId_idx" ON "SendoutActivity"("activityId");

-- AddForeignKey
ALTER TABLE "SendoutActivity" ADD CONSTRAINT "SendoutActivity_sendoutId_fkey" FOREIGN KEY ("sendoutId") REFERENCES "Sendout"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SendoutActivity" ADD CONSTRAINT "SendoutActivity_activityId_fkey" FOREIGN KEY ("activityId") REFERENCES "Activity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

