-- AlterTable
ALTER TABLE "Capability" ADD COLUMN     "suspendedAt" TIMESTAMP(3),
ADD COLUMN     "suspendedReason" TEXT;

-- AlterTable
ALTER TABLE "Execution" ADD COLUMN     "lastRepeatStatus" "ExecutionStatus",
ADD COLUMN     "lastRepeatedAt" TIMESTAMP(3),
ADD COLUMN     "paid" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "planId" TEXT,
ADD COLUMN     "refreshesUsed" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "repeatCount" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "ModerationDecision" ADD COLUMN     "capabilityId" TEXT;

-- CreateIndex
CREATE INDEX "Execution_userId_capabilityId_startedAt_idx" ON "Execution"("userId", "capabilityId", "startedAt");

-- CreateIndex
CREATE INDEX "Execution_capabilityId_status_idx" ON "Execution"("capabilityId", "status");

-- CreateIndex
CREATE INDEX "Report_capabilityId_status_idx" ON "Report"("capabilityId", "status");
