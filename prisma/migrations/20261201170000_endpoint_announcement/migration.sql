-- Endpoint announcement (DESIGN.md rule 2): adapter tokens, and the endpoint an adapter announced.
ALTER TABLE "Agent" ADD COLUMN "announcedEndpoint" TEXT, ADD COLUMN "announcedFor" TEXT, ADD COLUMN "announcedAt" TIMESTAMP(3);

CREATE TABLE "AdapterToken" (
    "id" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "tokenSha256" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    CONSTRAINT "AdapterToken_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "AdapterToken_tokenSha256_key" ON "AdapterToken"("tokenSha256");
CREATE INDEX "AdapterToken_agentId_idx" ON "AdapterToken"("agentId");
ALTER TABLE "AdapterToken" ADD CONSTRAINT "AdapterToken_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
