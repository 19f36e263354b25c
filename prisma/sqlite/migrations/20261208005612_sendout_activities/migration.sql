-- CreateTable
CREATE TABLE "SendoutActivity" (
    "sendoutId" INTEGER NOT NULL,
    "activityId" INTEGER NOT NULL,

    PRIMARY KEY ("sendoutId", "activityId"),
    CONSTRAINT "SendoutActivity_sendoutId_fkey" FOREIGN KEY ("sendoutId") REFERENCES "Sendout" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SendoutActivity_activityId_fkey" FOREIGN KEY ("activityId") REFERENCES "Activity" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "SendoutActivity_activityId_idx" ON "SendoutActivity"("activityId");

