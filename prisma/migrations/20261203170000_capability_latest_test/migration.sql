-- Each capability carries its latest sample test (start and whether it passed) and its latest pass, kept by
-- a trigger on "SampleTest", so search's "sample-tested" and "unreachable" conditions read two columns
-- instead of looking up the tests of every matching listing (issue #16).
ALTER TABLE "Capability" ADD COLUMN "lastTestAt" TIMESTAMP(3),
ADD COLUMN "lastTestPassed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "lastPassAt" TIMESTAMP(3);

CREATE OR REPLACE FUNCTION explore_refresh_latest_test(capability_id TEXT) RETURNS VOID
LANGUAGE sql AS $$
  UPDATE "Capability" c SET
    "lastTestAt" = latest."startedAt",
    "lastTestPassed" = coalesce(latest."status" = 'passed', false),
    "lastPassAt" = (SELECT max(p."startedAt") FROM "SampleTest" p WHERE p."capabilityId" = capability_id AND p."status" = 'passed')
  FROM (SELECT 1) one
  LEFT JOIN LATERAL (
    SELECT t."startedAt", t."status" FROM "SampleTest" t
    WHERE t."capabilityId" = capability_id ORDER BY t."startedAt" DESC LIMIT 1
  ) latest ON TRUE
  WHERE c."id" = capability_id
$$;

-- The trigger function is PL/pgSQL, whose statements end in semicolons, and the migration runner splits a
-- script at every semicolon (the pg driver adapter). So its body is an E-string that spells each one \073.
CREATE OR REPLACE FUNCTION explore_sample_test_changed() RETURNS TRIGGER
LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP <> ''INSERT'' THEN PERFORM explore_refresh_latest_test(OLD."capabilityId")\073 END IF\073
  IF TG_OP = ''INSERT'' OR (TG_OP = ''UPDATE'' AND NEW."capabilityId" <> OLD."capabilityId") THEN
    PERFORM explore_refresh_latest_test(NEW."capabilityId")\073
  END IF\073
  RETURN NULL\073
END
';

CREATE TRIGGER "SampleTest_latest_test"
AFTER INSERT OR UPDATE OF "status", "startedAt", "capabilityId" OR DELETE ON "SampleTest"
FOR EACH ROW EXECUTE FUNCTION explore_sample_test_changed();

UPDATE "Capability" c SET
  "lastTestAt" = latest."startedAt",
  "lastTestPassed" = latest."status" = 'passed',
  "lastPassAt" = (SELECT max(p."startedAt") FROM "SampleTest" p WHERE p."capabilityId" = c."id" AND p."status" = 'passed')
FROM (
  SELECT DISTINCT ON (t."capabilityId") t."capabilityId", t."startedAt", t."status"
  FROM "SampleTest" t ORDER BY t."capabilityId", t."startedAt" DESC
) latest
WHERE latest."capabilityId" = c."id";
