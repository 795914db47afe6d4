-- The search documents split words where the query does (lib/search/search.ts queryWords: at every run of
-- characters that are not letters or digits). The English parser alone reads "SHA-256" as "sha" and the
-- signed number "-256", so a search for "SHA-256 hash" found nothing.
CREATE OR REPLACE FUNCTION explore_search_text(t TEXT) RETURNS TEXT
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(t, '[^[:alnum:]]+', ' ', 'g')
$$;

CREATE OR REPLACE FUNCTION explore_refresh_search_documents(agent_ids TEXT[]) RETURNS VOID
LANGUAGE sql AS $$
  UPDATE "Capability" c SET
    "searchVector" =
         setweight(to_tsvector('english', explore_search_text(d.name)), 'A')
      || setweight(to_tsvector('english', explore_search_text(d.summary)), 'B')
      || setweight(to_tsvector('english', explore_search_text(d.tag_words || ' ' || d.category_words)), 'C')
      || setweight(to_tsvector('english', explore_search_text(d.agent_words)), 'D'),
    "limitationsVector" = to_tsvector('english', explore_search_text(d.limitations)),
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

SELECT FROM explore_refresh_search_documents(ARRAY(SELECT "id" FROM "Agent"));
