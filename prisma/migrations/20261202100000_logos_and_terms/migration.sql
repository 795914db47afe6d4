-- Logos and terms (DESIGN.md rules 9 and 10): the checked logo copies Explore serves, the fetched terms and
-- the history of their hashes.
CREATE TYPE "FetchCheckStatus" AS ENUM ('pending', 'passed', 'failed');

ALTER TABLE "Agent" ADD COLUMN "logoSha256" TEXT;

CREATE TABLE "AgentLogo" (
    "agentId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "status" "FetchCheckStatus" NOT NULL,
    "failure" TEXT,
    "checkedAt" TIMESTAMP(3),
    "requestedAt" TIMESTAMP(3),
    "nextCheckAt" TIMESTAMP(3),
    "servedUrl" TEXT,
    "servedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "AgentLogo_pkey" PRIMARY KEY ("agentId")
);
CREATE INDEX "AgentLogo_nextCheckAt_idx" ON "AgentLogo"("nextCheckAt");
ALTER TABLE "AgentLogo" ADD CONSTRAINT "AgentLogo_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "LogoImage" (
    "agentId" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "webp" BYTEA NOT NULL,
    CONSTRAINT "LogoImage_pkey" PRIMARY KEY ("agentId", "size")
);
ALTER TABLE "LogoImage" ADD CONSTRAINT "LogoImage_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "AgentLogo"("agentId") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "AgentTermsCheck" (
    "agentId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "status" "FetchCheckStatus" NOT NULL,
    "failure" TEXT,
    "checkedAt" TIMESTAMP(3),
    "requestedAt" TIMESTAMP(3),
    "nextCheckAt" TIMESTAMP(3),
    "text" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "AgentTermsCheck_pkey" PRIMARY KEY ("agentId")
);
CREATE INDEX "AgentTermsCheck_nextCheckAt_idx" ON "AgentTermsCheck"("nextCheckAt");
ALTER TABLE "AgentTermsCheck" ADD CONSTRAINT "AgentTermsCheck_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "AgentTermsVersion" (
    "id" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AgentTermsVersion_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "AgentTermsVersion_agentId_sha256_key" ON "AgentTermsVersion"("agentId", "sha256");
CREATE INDEX "AgentTermsVersion_agentId_firstSeenAt_idx" ON "AgentTermsVersion"("agentId", "firstSeenAt");
ALTER TABLE "AgentTermsVersion" ADD CONSTRAINT "AgentTermsVersion_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
