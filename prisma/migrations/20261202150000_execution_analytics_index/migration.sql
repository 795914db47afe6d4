-- Analytics read every run of a publisher's services in a window: with status and duration in the index the
-- read is an index-only scan instead of one heap visit per run (bench/analytics.ts). Its leading columns
-- serve every query the index it replaces served.
CREATE INDEX "Execution_capabilityId_startedAt_status_durationMs_idx" ON "Execution"("capabilityId", "startedAt", "status", "durationMs");
DROP INDEX "Execution_capabilityId_startedAt_idx";
