-- What a personal API token allows an agent to run through the gateway, and which token a run was made with.
-- Existing tokens keep free runs only until their owners widen them.
ALTER TABLE "ApiToken" ADD COLUMN "paidRuns" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "spendCapUsd" DECIMAL(10,2) NOT NULL DEFAULT 0,
  ADD COLUMN "agentHandles" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

ALTER TABLE "Execution" ADD COLUMN "apiTokenId" TEXT;
ALTER TABLE "Execution" ADD CONSTRAINT "Execution_apiTokenId_fkey" FOREIGN KEY ("apiTokenId") REFERENCES "ApiToken"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "Execution_apiTokenId_startedAt_idx" ON "Execution"("apiTokenId", "startedAt");
