-- Whether each capability has a free plan, on its own row (issue #16): the price filter "free to try", its
-- facet count and the search index's load read it with the rows they already read. As an EXISTS on "Plan" per
-- row, PostgreSQL hashed every free plan of the catalog for each statement that counted more than a few
-- thousand rows (a parallel scan of "Plan": ~300 ms at a million listings, per facet count and per 500
-- listings loaded). "Plan" stays the source: every write goes there, and statement triggers copy the result
-- onto the capabilities a statement touched, whoever wrote it.
ALTER TABLE "Capability" ADD COLUMN "hasFreePlan" BOOLEAN NOT NULL DEFAULT false;

-- Rows whose copy is already right are not written again (a Capability row is wide, and a write is a new version of it).
CREATE FUNCTION explore_refresh_has_free_plan(capability_ids TEXT[]) RETURNS VOID
LANGUAGE sql AS $$
  UPDATE "Capability" c SET "hasFreePlan" = t.free
  FROM (
    SELECT u.capability_id, EXISTS (SELECT 1 FROM "Plan" p WHERE p."capabilityId" = u.capability_id AND p."type" = 'free') AS free
    FROM unnest(capability_ids) AS u(capability_id)
  ) t
  WHERE c."id" = t.capability_id AND c."hasFreePlan" IS DISTINCT FROM t.free
$$;

-- One trigger function for every such copy on the capability's row: it gathers the capabilities a statement
-- touched from its transition tables (added, gone, or both) and calls the copy's refresh function, named by the
-- trigger's argument. The "tagSlugs" triggers (migration 20261205110000_capability_tag_slugs) move onto it too.
-- PL/pgSQL bodies as E'' strings with \073 for each semicolon: the migration runner splits at semicolons.
CREATE FUNCTION explore_capability_copy_written() RETURNS TRIGGER LANGUAGE plpgsql AS E'
DECLARE
  ids TEXT[]\073
BEGIN
  IF TG_OP = ''INSERT'' THEN
    ids := ARRAY(SELECT DISTINCT "capabilityId" FROM added)\073
  ELSIF TG_OP = ''DELETE'' THEN
    ids := ARRAY(SELECT DISTINCT "capabilityId" FROM gone)\073
  ELSE
    ids := ARRAY(SELECT "capabilityId" FROM gone UNION SELECT "capabilityId" FROM added)\073
  END IF\073
  EXECUTE format(''SELECT %I($1)'', TG_ARGV[0]) USING ids\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Plan_free_added" AFTER INSERT ON "Plan"
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION explore_capability_copy_written('explore_refresh_has_free_plan');

CREATE TRIGGER "Plan_free_removed" AFTER DELETE ON "Plan"
REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION explore_capability_copy_written('explore_refresh_has_free_plan');

CREATE TRIGGER "Plan_free_changed" AFTER UPDATE ON "Plan"
REFERENCING OLD TABLE AS gone NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION explore_capability_copy_written('explore_refresh_has_free_plan');

DROP TRIGGER "CapabilityTag_slugs_added" ON "CapabilityTag";
DROP TRIGGER "CapabilityTag_slugs_removed" ON "CapabilityTag";
DROP TRIGGER "CapabilityTag_slugs_changed" ON "CapabilityTag";
DROP FUNCTION explore_capability_tags_added();
DROP FUNCTION explore_capability_tags_removed();
DROP FUNCTION explore_capability_tags_changed();

CREATE TRIGGER "CapabilityTag_slugs_added" AFTER INSERT ON "CapabilityTag"
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION explore_capability_copy_written('explore_refresh_tag_slugs');

CREATE TRIGGER "CapabilityTag_slugs_removed" AFTER DELETE ON "CapabilityTag"
REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION explore_capability_copy_written('explore_refresh_tag_slugs');

CREATE TRIGGER "CapabilityTag_slugs_changed" AFTER UPDATE ON "CapabilityTag"
REFERENCING OLD TABLE AS gone NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION explore_capability_copy_written('explore_refresh_tag_slugs');

UPDATE "Capability" c SET "hasFreePlan" = true
WHERE EXISTS (SELECT 1 FROM "Plan" p WHERE p."capabilityId" = c."id" AND p."type" = 'free');
