-- Typo tolerance through a lexicon instead of trigram matching over every listing: query words are
-- corrected to their nearest lexeme (lib/listings/search.ts), then full-text search does the rest.

-- DropIndex
DROP INDEX "Capability_searchWords_idx";

-- CreateTable
CREATE TABLE "SearchLexeme" (
    "word" TEXT NOT NULL,

    CONSTRAINT "SearchLexeme_pkey" PRIMARY KEY ("word")
);

-- CreateIndex
CREATE INDEX "SearchLexeme_word_idx" ON "SearchLexeme" USING GIN ("word" gin_trgm_ops);

-- The search documents of the given agents' capabilities, and their words into the lexicon.
-- (One statement, no semicolon inside the body: the migration runner splits statements on them.)
--   A name · B summary · C tags (labels and aliases) and category words · D agent name and purpose
--   limitations in their own vector, ranked below all of these.
CREATE OR REPLACE FUNCTION explore_refresh_search_documents(agent_ids TEXT[]) RETURNS VOID
LANGUAGE sql AS $$
  WITH updated AS (
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
    RETURNING c."searchWords" || ' ' || lower(c."summary") AS words
  )
  INSERT INTO "SearchLexeme" ("word")
  SELECT DISTINCT w FROM updated, regexp_split_to_table(updated.words, '[^[:alnum:]]+') w
  WHERE length(w) BETWEEN 3 AND 40
  ON CONFLICT DO NOTHING
$$;

-- Existing rows get their documents and words now.
SELECT explore_refresh_search_documents(ARRAY(SELECT "id" FROM "Agent"));
