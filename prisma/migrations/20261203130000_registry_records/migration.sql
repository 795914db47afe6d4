-- GA4GH entries and A2AWire registrations (issue #14): what a foreign import said beside its draft, and
-- the registry record (a cache of the agent-info endpoint) of an agent imported from a GA4GH entry
CREATE TABLE "DraftImport" (
    "draftId" TEXT NOT NULL,
    "format" "DraftSource" NOT NULL,
    "toComplete" JSONB NOT NULL,
    "notes" JSONB NOT NULL,
    "agentInfoUri" TEXT,
    "agentInfoSnapshot" JSONB,
    "entryCore" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DraftImport_pkey" PRIMARY KEY ("draftId")
);

CREATE TABLE "RegistryRecord" (
    "agentId" TEXT NOT NULL,
    "agentInfoUri" TEXT NOT NULL,
    "snapshot" JSONB NOT NULL,
    "syncedAt" TIMESTAMP(3) NOT NULL,
    "entryCore" JSONB,
    "lastFailedAt" TIMESTAMP(3),
    "lastFailure" TEXT,
    "requestedAt" TIMESTAMP(3),
    "nextSyncAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "RegistryRecord_pkey" PRIMARY KEY ("agentId")
);

CREATE INDEX "RegistryRecord_nextSyncAt_idx" ON "RegistryRecord"("nextSyncAt");

ALTER TABLE "DraftImport" ADD CONSTRAINT "DraftImport_draftId_fkey" FOREIGN KEY ("draftId") REFERENCES "AgentDraft"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "RegistryRecord" ADD CONSTRAINT "RegistryRecord_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
