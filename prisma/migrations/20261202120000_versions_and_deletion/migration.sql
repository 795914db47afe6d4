-- Versions, the consumers' change log and deleted agents (issue #13).
CREATE TYPE "AgentVersionEvent" AS ENUM ('imported', 'published', 'unpublished', 'service_offered', 'service_withdrawn', 'draft_saved');

-- Executions outlive a deleted agent, detached from its content.
ALTER TABLE "Execution" DROP CONSTRAINT "Execution_capabilityId_fkey";
ALTER TABLE "Execution" ALTER COLUMN "capabilityId" DROP NOT NULL,
    ADD COLUMN "goneServiceName" TEXT,
    ADD COLUMN "goneAgentHandle" TEXT;
ALTER TABLE "Execution" ADD CONSTRAINT "Execution_capabilityId_fkey" FOREIGN KEY ("capabilityId") REFERENCES "Capability"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "AgentVersionDocument" (
    "agentId" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "document" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AgentVersionDocument_pkey" PRIMARY KEY ("agentId", "sha256")
);
ALTER TABLE "AgentVersionDocument" ADD CONSTRAINT "AgentVersionDocument_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "AgentVersion" (
    "id" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "event" "AgentVersionEvent" NOT NULL,
    "userId" TEXT,
    "capabilityId" TEXT,
    "documentSha256" TEXT NOT NULL,
    "published" BOOLEAN NOT NULL,
    "facts" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AgentVersion_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "AgentVersion_agentId_number_key" ON "AgentVersion"("agentId", "number");
ALTER TABLE "AgentVersion" ADD CONSTRAINT "AgentVersion_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "AgentVersion" ADD CONSTRAINT "AgentVersion_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "AgentVersion" ADD CONSTRAINT "AgentVersion_agentId_documentSha256_fkey" FOREIGN KEY ("agentId", "documentSha256") REFERENCES "AgentVersionDocument"("agentId", "sha256") ON DELETE NO ACTION ON UPDATE CASCADE;

CREATE TABLE "ServiceChange" (
    "id" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "capabilityId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "words" TEXT NOT NULL,
    "versionNumber" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ServiceChange_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "ServiceChange_agentId_capabilityId_createdAt_idx" ON "ServiceChange"("agentId", "capabilityId", "createdAt");
ALTER TABLE "ServiceChange" ADD CONSTRAINT "ServiceChange_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "DeletedAgent" (
    "handle" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "deletedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DeletedAgent_pkey" PRIMARY KEY ("handle")
);
