-- The MCP Registry API's record of the agents it has served (lib/registry-api/record.ts), kept by every listing
-- write. Agents a signed-out visitor sees today start in it, first served when they were published, changed now.
-- CreateTable
CREATE TABLE "RegistryServer" (
    "handle" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "publishedAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "RegistryServer_pkey" PRIMARY KEY ("handle")
);

-- CreateIndex
CREATE INDEX "RegistryServer_agentId_idx" ON "RegistryServer"("agentId");

-- CreateIndex
CREATE INDEX "RegistryServer_updatedAt_idx" ON "RegistryServer"("updatedAt");

-- recordRegistryServers' insert, for every agent a signed-out visitor sees.
INSERT INTO "RegistryServer" ("handle", "agentId", "version", "fingerprint", "publishedAt", "updatedAt", "deletedAt")
SELECT a."handle", a."id", v."version",
       encode(sha256(convert_to(concat_ws(chr(31), a."displayName", a."purpose", v."version"), 'UTF8')), 'hex'),
       coalesce(a."publishedAt", now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC'), NULL
FROM "Agent" a
CROSS JOIN LATERAL (
  SELECT coalesce(max(av."number"), 1)::text AS "version" FROM "AgentVersion" av WHERE av."agentId" = a."id" AND av."published"
) v
WHERE EXISTS (
  SELECT 1 FROM "Capability" c
  WHERE c."agentId" = a."id"
    AND explore_capability_visible(c."listed", c."suspendedAt", c."contentRating", a."status", a."ownerId", NULL::text, false, false)
);
