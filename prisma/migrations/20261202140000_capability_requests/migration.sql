-- Capability requests: asked and voted on at /requests and through the agents' MCP endpoint (/mcp).
CREATE TYPE "CapabilityRequestStatus" AS ENUM ('open', 'planned', 'in_progress', 'available', 'declined', 'duplicate');

CREATE TABLE "CallerHandle" (
    "id" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "handleKey" TEXT NOT NULL,
    "tokenSha256" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CallerHandle_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "CallerHandle_handleKey_key" ON "CallerHandle"("handleKey");

CREATE TABLE "CapabilityRequest" (
    "id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "tags" TEXT[],
    "status" "CapabilityRequestStatus" NOT NULL DEFAULT 'open',
    "votes" INTEGER NOT NULL DEFAULT 0,
    "authorUserId" TEXT,
    "authorHandleId" TEXT,
    "answeredCapabilityId" TEXT,
    "answeredAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "CapabilityRequest_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "CapabilityRequest_status_votes_idx" ON "CapabilityRequest"("status", "votes");
CREATE INDEX "CapabilityRequest_createdAt_idx" ON "CapabilityRequest"("createdAt");
-- Similar requests and word search over titles (pg_trgm is created by 20261129173845_search_documents).
CREATE INDEX "CapabilityRequest_title_trgm_idx" ON "CapabilityRequest" USING gin ("title" gin_trgm_ops);
ALTER TABLE "CapabilityRequest" ADD CONSTRAINT "CapabilityRequest_authorUserId_fkey" FOREIGN KEY ("authorUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "CapabilityRequest" ADD CONSTRAINT "CapabilityRequest_authorHandleId_fkey" FOREIGN KEY ("authorHandleId") REFERENCES "CallerHandle"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "CapabilityRequest" ADD CONSTRAINT "CapabilityRequest_answeredCapabilityId_fkey" FOREIGN KEY ("answeredCapabilityId") REFERENCES "Capability"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "CapabilityRequestVote" (
    "id" TEXT NOT NULL,
    "requestId" TEXT NOT NULL,
    "userId" TEXT,
    "handleId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CapabilityRequestVote_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "CapabilityRequestVote_requestId_userId_key" ON "CapabilityRequestVote"("requestId", "userId");
CREATE UNIQUE INDEX "CapabilityRequestVote_requestId_handleId_key" ON "CapabilityRequestVote"("requestId", "handleId");
ALTER TABLE "CapabilityRequestVote" ADD CONSTRAINT "CapabilityRequestVote_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "CapabilityRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CapabilityRequestVote" ADD CONSTRAINT "CapabilityRequestVote_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CapabilityRequestVote" ADD CONSTRAINT "CapabilityRequestVote_handleId_fkey" FOREIGN KEY ("handleId") REFERENCES "CallerHandle"("id") ON DELETE CASCADE ON UPDATE CASCADE;
