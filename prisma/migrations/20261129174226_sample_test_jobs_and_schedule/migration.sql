-- AlterTable
ALTER TABLE "SampleTest" ADD COLUMN     "jobId" TEXT NOT NULL;

-- CreateTable
CREATE TABLE "SampleTestState" (
    "capabilityId" TEXT NOT NULL,
    "nextRunAt" TIMESTAMP(3),
    "requestedAt" TIMESTAMP(3),

    CONSTRAINT "SampleTestState_pkey" PRIMARY KEY ("capabilityId")
);

-- CreateIndex
CREATE INDEX "SampleTestState_nextRunAt_idx" ON "SampleTestState"("nextRunAt");

-- CreateIndex
CREATE UNIQUE INDEX "SampleTest_jobId_key" ON "SampleTest"("jobId");

-- AddForeignKey
ALTER TABLE "SampleTestState" ADD CONSTRAINT "SampleTestState_capabilityId_fkey" FOREIGN KEY ("capabilityId") REFERENCES "Capability"("id") ON DELETE CASCADE ON UPDATE CASCADE;
