-- AlterTable
ALTER TABLE "SearchLexeme" ADD COLUMN     "agents" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "AgentLexeme" (
    "agentId" TEXT NOT NULL,
    "word" TEXT NOT NULL,

    CONSTRAINT "AgentLexeme_pkey" PRIMARY KEY ("agentId","word")
);

-- CreateIndex
CREATE INDEX "AgentLexeme_word_idx" ON "AgentLexeme"("word");

-- AddForeignKey
ALTER TABLE "AgentLexeme" ADD CONSTRAINT "AgentLexeme_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The search documents no longer feed the lexicon: it holds only words of listings everyone may see, kept by
-- the listing writes through AgentLexeme (lib/listings/search-lexicon.ts).
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

-- Rebuilt once from what a signed-out visitor may see today (the rule of lib/listings/visibility.ts for nobody:
-- listed, not suspended, general, of a published agent). From now on each listing write keeps it current.
DELETE FROM "SearchLexeme";

INSERT INTO "AgentLexeme" ("agentId", "word")
SELECT DISTINCT c."agentId", w
FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId",
     regexp_split_to_table(c."searchWords" || ' ' || lower(c."summary"), '[^[:alnum:]]+') w
WHERE c."listed" AND c."suspendedAt" IS NULL AND c."contentRating" = 'general' AND a."status" = 'published'
  AND length(w) BETWEEN 3 AND 40;

INSERT INTO "SearchLexeme" ("word", "agents")
SELECT "word", count(*) FROM "AgentLexeme" GROUP BY "word";
