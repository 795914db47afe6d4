-- Matching a search (lib/search/search.ts) asks that every word of the query be in the listing's searchable
-- text or in its limitations, each word in either. With a GIN index per vector that is an OR of two index
-- scans per word, and counting the matches of two common words (the search page's facets) read about twice
-- as much as one query over one vector. "matchVector" is the two vectors together, kept with them by
-- explore_refresh_search_documents, under the one GIN index matching reads. Ranking reads the two vectors
-- themselves (for their weights), never through an index, so their own GIN indexes go.
-- The migration runner cuts scripts at every semicolon, so the function body below is an E-string
-- whose statements are separated by \073.

ALTER TABLE "Capability" ADD COLUMN "matchVector" tsvector;
UPDATE "Capability" SET "matchVector" = "searchVector" || "limitationsVector";
CREATE INDEX "Capability_matchVector_idx" ON "Capability" USING GIN ("matchVector");
DROP INDEX "Capability_searchVector_idx";
DROP INDEX "Capability_limitationsVector_idx";

CREATE OR REPLACE FUNCTION explore_refresh_search_documents(agent_ids TEXT[]) RETURNS VOID
LANGUAGE sql AS E'
  UPDATE "Capability" c SET
    "searchVector" = v.search,
    "limitationsVector" = v.limitations,
    "matchVector" = v.search || v.limitations,
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
  ) d, LATERAL (
    SELECT
         setweight(to_tsvector(''english'', explore_search_text(d.name)), ''A'')
      || setweight(to_tsvector(''english'', explore_search_text(d.summary)), ''B'')
      || setweight(to_tsvector(''english'', explore_search_text(d.tag_words || '' '' || d.category_words)), ''C'')
      || setweight(to_tsvector(''english'', explore_search_text(d.agent_words)), ''D'') AS search,
         to_tsvector(''english'', explore_search_text(d.limitations)) AS limitations
  ) v
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

