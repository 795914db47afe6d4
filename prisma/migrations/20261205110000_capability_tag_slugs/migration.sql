-- Each capability's tag slugs, in order, on its own row (issue #16): the facet counts read them with the rows
-- they already read instead of joining every match's "CapabilityTag" rows (~50 ms of ~110 for a word in
-- 11,000 listings at 100,000). "CapabilityTag" stays the source: every write goes there, and statement
-- triggers copy the result onto the capabilities a statement touched, whoever wrote it.
ALTER TABLE "Capability" ADD COLUMN "tagSlugs" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- Rows whose copy is already right are not written again (a Capability row is wide, and a write is a new version of it).
CREATE FUNCTION explore_refresh_tag_slugs(capability_ids TEXT[]) RETURNS VOID
LANGUAGE sql AS $$
  UPDATE "Capability" c SET "tagSlugs" = t.slugs
  FROM (
    SELECT id, coalesce(
      (SELECT array_agg(ct."tagSlug" ORDER BY ct."position", ct."tagSlug") FROM "CapabilityTag" ct WHERE ct."capabilityId" = id),
      ARRAY[]::TEXT[]) AS slugs
    FROM unnest(capability_ids) id
  ) t
  WHERE c."id" = t.id AND c."tagSlugs" IS DISTINCT FROM t.slugs
$$;

-- PL/pgSQL bodies as E'' strings with \073 for each semicolon: the migration runner splits at semicolons.
CREATE FUNCTION explore_capability_tags_added() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  PERFORM explore_refresh_tag_slugs(ARRAY(SELECT DISTINCT "capabilityId" FROM added))\073
  RETURN NULL\073
END
';

CREATE FUNCTION explore_capability_tags_removed() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  PERFORM explore_refresh_tag_slugs(ARRAY(SELECT DISTINCT "capabilityId" FROM gone))\073
  RETURN NULL\073
END
';

CREATE FUNCTION explore_capability_tags_changed() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  PERFORM explore_refresh_tag_slugs(ARRAY(SELECT "capabilityId" FROM gone UNION SELECT "capabilityId" FROM added))\073
  RETURN NULL\073
END
';

CREATE TRIGGER "CapabilityTag_slugs_added" AFTER INSERT ON "CapabilityTag"
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION explore_capability_tags_added();

CREATE TRIGGER "CapabilityTag_slugs_removed" AFTER DELETE ON "CapabilityTag"
REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION explore_capability_tags_removed();

CREATE TRIGGER "CapabilityTag_slugs_changed" AFTER UPDATE ON "CapabilityTag"
REFERENCING OLD TABLE AS gone NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION explore_capability_tags_changed();

UPDATE "Capability" c SET "tagSlugs" = t.slugs
FROM (
  SELECT ct."capabilityId", array_agg(ct."tagSlug" ORDER BY ct."position", ct."tagSlug") AS slugs
  FROM "CapabilityTag" ct GROUP BY ct."capabilityId"
) t
WHERE t."capabilityId" = c."id";
