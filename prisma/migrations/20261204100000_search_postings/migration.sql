-- Search on the long tail (lib/search/postings.ts). A one-word search used to rank every match: a common word
-- matches 5 to 10 percent of listings, and ts_rank read each one's row. Now each capability's words are also
-- kept as postings, one row per word with the rank that word alone earns it (the same ts_rank sum search
-- orders by), in an index ordered by that rank. A one-word search reads the best postings of the words it
-- means, in index order, and ranks only those. "nameWords" is the name as queryWords splits it, so the exact
-- name match that ranks first is a column compare instead of a regexp per match.
-- New words go into SearchTerm in word order: two imports adding the same new words in different orders would
-- otherwise each wait for the other's uncommitted row (a deadlock).
-- The migration runner cuts scripts at every semicolon, so the function body below is an E-string
-- whose statements are separated by \073.

ALTER TABLE "Capability" ADD COLUMN "nameWords" TEXT NOT NULL DEFAULT '';
CREATE INDEX "Capability_nameWords_idx" ON "Capability"("nameWords");

CREATE TABLE "SearchPosting" (
    "word" TEXT NOT NULL,
    "capabilityId" TEXT NOT NULL,
    "score" REAL NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL
);
CREATE UNIQUE INDEX "SearchPosting_word_score_createdAt_capabilityId_key" ON "SearchPosting"("word", "score" DESC, "createdAt" DESC, "capabilityId" DESC);
CREATE INDEX "SearchPosting_capabilityId_idx" ON "SearchPosting" USING HASH ("capabilityId");
ALTER TABLE "SearchPosting" ADD CONSTRAINT "SearchPosting_capabilityId_fkey" FOREIGN KEY ("capabilityId") REFERENCES "Capability"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "SearchTerm" (
    "word" TEXT NOT NULL,
    CONSTRAINT "SearchTerm_pkey" PRIMARY KEY ("word")
);
CREATE INDEX "SearchTerm_word_idx" ON "SearchTerm" USING GIN ("word" gin_trgm_ops);

CREATE OR REPLACE FUNCTION explore_refresh_search_documents(agent_ids TEXT[]) RETURNS VOID
LANGUAGE sql AS E'
  UPDATE "Capability" c SET
    "searchVector" =
         setweight(to_tsvector(''english'', explore_search_text(d.name)), ''A'')
      || setweight(to_tsvector(''english'', explore_search_text(d.summary)), ''B'')
      || setweight(to_tsvector(''english'', explore_search_text(d.tag_words || '' '' || d.category_words)), ''C'')
      || setweight(to_tsvector(''english'', explore_search_text(d.agent_words)), ''D''),
    "limitationsVector" = to_tsvector(''english'', explore_search_text(d.limitations)),
    "searchWords" = lower(d.name || '' '' || d.tag_words || '' '' || d.category_words),
    "nameWords" = lower(btrim(explore_search_text(d.name)))
  FROM (
    SELECT cap."id", cap."name", cap."summary", cap."limitations",
           a."displayName" || '' '' || a."purpose" AS agent_words,
           translate(cap."category", ''._'', ''  '') AS category_words,
           coalesce((
             SELECT string_agg(t."label" || '' '' || translate(array_to_string(t."aliases", '' ''), ''_'', '' ''), '' '' ORDER BY ct."position")
             FROM "CapabilityTag" ct JOIN "Tag" t ON t."slug" = ct."tagSlug"
             WHERE ct."capabilityId" = cap."id"
           ), '''') AS tag_words
    FROM "Capability" cap JOIN "Agent" a ON a."id" = cap."agentId"
    WHERE cap."agentId" = ANY (agent_ids)
  ) d
  WHERE c."id" = d."id"\073

  DELETE FROM "SearchPosting" p USING "Capability" c
  WHERE p."capabilityId" = c."id" AND c."agentId" = ANY (agent_ids)\073

  WITH fresh AS (
    INSERT INTO "SearchPosting" ("word", "capabilityId", "score", "createdAt")
    SELECT l.word, c."id", sum(l.score), c."createdAt"
    FROM "Capability" c, LATERAL (
      SELECT v.lexeme AS word, ts_rank(c."searchVector", quote_literal(v.lexeme)::tsquery) AS score FROM unnest(c."searchVector") v
      UNION ALL
      SELECT v.lexeme, 0.5 * ts_rank(c."limitationsVector", quote_literal(v.lexeme)::tsquery) FROM unnest(c."limitationsVector") v
    ) l
    WHERE c."agentId" = ANY (agent_ids)
    GROUP BY l.word, c."id", c."createdAt"
    RETURNING "word"
  )
  INSERT INTO "SearchTerm" ("word")
  SELECT DISTINCT f."word" FROM fresh f
  WHERE NOT EXISTS (SELECT FROM "SearchTerm" t WHERE t."word" = f."word")
  ORDER BY f."word"
  ON CONFLICT DO NOTHING
';

SELECT FROM explore_refresh_search_documents(ARRAY(SELECT "id" FROM "Agent"));
