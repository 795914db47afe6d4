-- Drafts for the editor (issue #13): an agent.json being written, owned by its publisher, never public.
CREATE TYPE "DraftSource" AS ENUM ('blank', 'agent', 'connect', 'import');

CREATE TABLE "AgentDraft" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "agentId" TEXT,
    "baseUpdatedAt" TIMESTAMP(3),
    "source" "DraftSource" NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "AgentDraft_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "AgentDraft_ownerId_updatedAt_idx" ON "AgentDraft"("ownerId", "updatedAt");
CREATE INDEX "AgentDraft_agentId_idx" ON "AgentDraft"("agentId");
ALTER TABLE "AgentDraft" ADD CONSTRAINT "AgentDraft_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "AgentDraft" ADD CONSTRAINT "AgentDraft_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE SET NULL ON UPDATE CASCADE;
