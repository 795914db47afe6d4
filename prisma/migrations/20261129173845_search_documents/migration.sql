-- Full-text and typo-tolerant search over listings (lib/listings/search.ts).
-- pg_trgm ships with PostgreSQL (contrib) and with the embedded PostgreSQL.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- AlterTable
ALTER TABLE "Capability" ADD COLUMN     "limitationsVector" tsvector,
ADD COLUMN     "searchVector" tsvector,
ADD COLUMN     "searchWords" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "Capability_searchVector_idx" ON "Capability" USING GIN ("searchVector");

-- CreateIndex
CREATE INDEX "Capability_limitationsVector_idx" ON "Capability" USING GIN ("limitationsVector");

-- CreateIndex
CREATE INDEX "Capability_searchWords_idx" ON "Capability" USING GIN ("searchWords" gin_trgm_ops);

-- (The body has no semicolon: the migration runner splits statements on them.)
-- The search documents of the given agents' capabilities, recomputed from their rows. The one
-- definition of what is searchable and how it is weighted: the import calls it in its transaction
-- (lib/listings/search-index.ts), the benchmark generator for its rows.
--   A name · B summary · C tags (labels and aliases) and category words · D agent name and purpose
--   limitations in their own vector, ranked below all of these.
CREATE OR REPLACE FUNCTION explore_refresh_search_documents(agent_ids TEXT[]) RETURNS VOID
LANGUAGE sql AS $$
  UPDATE "Capability" c SET
    "searchVector" =
         setweight(to_tsvector('english', d.name), 'A')
      || setweight(to_tsvector('english', d.summary), 'B')
      || setweight(to_tsvector('english', d.tag_words || ' ' || d.category_words), 'C')
      || setweight(to_tsvector('english', d.agent_words), 'D'),
    "limitationsVector" = to_tsvector('english', d.limitations),
    "searchWords" = lower(d.name || ' ' || d.tag_words || ' ' || d.category_words)
  FROM (
    SELECT cap."id", cap."name", cap."summary", cap."limitations",
           a."displayName" || ' ' || a."purpose" AS agent_words,
           translate(cap."category", '._', '  ') AS category_words,
           coalesce((
             SELECT string_agg(t."label" || ' ' || translate(array_to_string(t."aliases", ' '), '_', ' '), ' ' ORDER BY ct."position")
             FROM "CapabilityTag" ct JOIN "Tag" t ON t."slug" = ct."tagSlug"
             WHERE ct."capabilityId" = cap."id"
           ), '') AS tag_words
    FROM "Capability" cap JOIN "Agent" a ON a."id" = cap."agentId"
    WHERE cap."agentId" = ANY (agent_ids)
  ) d
  WHERE c."id" = d."id"
$$;

-- Existing rows get their documents now.
SELECT explore_refresh_search_documents(ARRAY(SELECT "id" FROM "Agent"));
