-- The catalog's relations for the statements outside lib/model/catalog that read listings in one plan with their
-- own tables (search, a card's figures, a logo's copy). lib/model/catalog/views.ts says what each column is and
-- who reads it. Both are simple views: PostgreSQL inlines them into each statement, and a column a statement
-- does not select costs nothing.
--
-- Every capability has its agent ("agentId" is NOT NULL, with a foreign key), so the LEFT JOIN returns the rows
-- an inner join would. It is a LEFT JOIN so that a statement reading no agent column does not join "Agent" at
-- all: PostgreSQL drops a left join on a unique key whose columns nobody reads. A statement whose WHERE needs
-- the agent's columns, as THE visibility rule does, is planned as the inner join.
CREATE VIEW catalog_listings AS
SELECT
  c."id",
  c."agentId",
  c."capabilityId",
  c."position",
  c."name",
  c."summary",
  c."category",
  c."class",
  c."version",
  c."listed",
  c."contentRating",
  c."suspendedAt",
  c."isPaid",
  c."hasFreePlan",
  c."hasExample",
  c."inputsRetained",
  c."usedForTraining",
  c."processingRegions",
  c."tagSlugs",
  c."lastTestAt",
  c."lastTestPassed",
  c."lastPassAt",
  c."searchVector",
  c."limitationsVector",
  c."searchWords",
  c."nameWords",
  c."createdAt",
  c."updatedAt",
  a."handle" AS "agentHandle",
  a."displayName" AS "agentDisplayName",
  a."languages" AS "agentLanguages",
  a."status" AS "agentStatus",
  a."ownerId" AS "agentOwnerId",
  a."endpointPending" AS "agentEndpointPending",
  coalesce((
    SELECT jsonb_agg(jsonb_build_array(p."type", p."priceUsd", p."dailyLimit", p."extra" -> 'calls', p."extra" -> 'period') ORDER BY p."position")
    FROM "Plan" p WHERE p."capabilityId" = c."id"
  )::text, '[]') AS "planTerms"
FROM "Capability" c
LEFT JOIN "Agent" a ON a."id" = c."agentId";

-- The agents, with the columns explore_agent_visible takes under the names "Agent" gives them.
CREATE VIEW catalog_agents AS
SELECT a."id", a."handle", a."status", a."ownerId", a."logoSha256"
FROM "Agent" a;
