-- Each capability's 30-day statistics (issue #16): runs, finished and succeeded runs (dry runs never count),
-- sample tests and passes, and the reputation they give, kept by triggers on "Execution" and "SampleTest"
-- (the reputation by the row's own trigger: Prisma's schema has no generated columns).
-- "Most run", the reputation order and min_reputation then read one narrow row per capability instead of
-- counting every match's runs and tests of the window per search (150-350 ms at 100,000 listings).
--
-- The window: an event counts while it started after "CapabilityStatsWindow"."since". The worker moves
-- "since" to 30 days before now in its housekeeping (every 5 minutes, lib/listings/capability-stats.ts) and
-- takes out exactly the events it passes, so the figures are those of the last 30 days give or take those
-- minutes. The triggers and the worker's move are serialised by one advisory lock (shared by the triggers,
-- exclusive for the move): a trigger always adds against the "since" the move will take out against, so
-- the counts stay equal to what counting the events would give. lib/listings/capability-stats.test.ts
-- holds them to that.

CREATE TABLE "CapabilityStats" (
    "capabilityId" TEXT NOT NULL,
    "runs" INTEGER NOT NULL DEFAULT 0,
    "finished" INTEGER NOT NULL DEFAULT 0,
    "succeeded" INTEGER NOT NULL DEFAULT 0,
    "tests" INTEGER NOT NULL DEFAULT 0,
    "testsPassed" INTEGER NOT NULL DEFAULT 0,
    -- The capability's own, copied so "most run" and the reputation order (ties newest first, then in the
    -- agent.json's order) can walk one index of this table and stop at the page.
    "createdAt" TIMESTAMP(3) NOT NULL,
    "position" INTEGER NOT NULL,
    -- Computed from the counts by the row's own trigger (below), as lib/listings/reputation.ts reputationOf does.
    "reputation" DOUBLE PRECISION,

    CONSTRAINT "CapabilityStats_pkey" PRIMARY KEY ("capabilityId"),
    CONSTRAINT "CapabilityStats_capabilityId_fkey" FOREIGN KEY ("capabilityId") REFERENCES "Capability"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX "CapabilityStats_runs_createdAt_position_capabilityId_idx" ON "CapabilityStats"("runs" DESC, "createdAt" DESC, "position", "capabilityId");
CREATE INDEX "CapabilityStats_reputation_createdAt_position_capabilityId_idx" ON "CapabilityStats"("reputation" DESC NULLS LAST, "createdAt" DESC, "position", "capabilityId");

CREATE TABLE "CapabilityStatsWindow" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "since" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CapabilityStatsWindow_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "CapabilityStatsWindow_one_row" CHECK ("id" = 1)
);

INSERT INTO "CapabilityStatsWindow" ("id", "since") VALUES (1, (now() AT TIME ZONE 'UTC') - interval '30 days');

-- The reputation of a row's counts: the sample-test pass rate and the finished runs' success share, averaged
-- when both exist, either alone otherwise, NULL with neither.
CREATE FUNCTION explore_reputation(tests INTEGER, tests_passed INTEGER, finished INTEGER, succeeded INTEGER) RETURNS DOUBLE PRECISION
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN tests > 0 AND finished > 0 THEN (tests_passed::float8 / tests + succeeded::float8 / finished) / 2
    WHEN tests > 0 THEN tests_passed::float8 / tests
    WHEN finished > 0 THEN succeeded::float8 / finished
  END
$$;

CREATE FUNCTION explore_capability_stats_reputation() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  NEW."reputation" := explore_reputation(NEW."tests", NEW."testsPassed", NEW."finished", NEW."succeeded")\073
  RETURN NEW\073
END
';

CREATE TRIGGER "CapabilityStats_reputation" BEFORE INSERT OR UPDATE OF "tests", "testsPassed", "finished", "succeeded" ON "CapabilityStats"
FOR EACH ROW EXECUTE FUNCTION explore_capability_stats_reputation();

-- The lock's key, for the triggers (shared) and lib/listings/capability-stats.ts (exclusive).
CREATE FUNCTION explore_capability_stats_lock_key() RETURNS BIGINT
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 7316001::bigint $$;

-- Adds (sign 1) or takes away (sign -1) one run. Only the row's UPDATE: every capability has its row from
-- its INSERT (below), and a run of a capability being deleted finds none and changes nothing.
CREATE FUNCTION explore_capability_stats_run(p_capability TEXT, p_dry BOOLEAN, p_started TIMESTAMP(3), p_status "ExecutionStatus", p_sign INTEGER)
RETURNS VOID LANGUAGE sql AS $$
  UPDATE "CapabilityStats" s SET
    "runs" = s."runs" + p_sign,
    "finished" = s."finished" + CASE WHEN p_status IN ('succeeded', 'tool_error', 'failed', 'timed_out', 'outcome_unknown') THEN p_sign ELSE 0 END,
    "succeeded" = s."succeeded" + CASE WHEN p_status = 'succeeded' THEN p_sign ELSE 0 END
  WHERE s."capabilityId" = p_capability AND NOT p_dry AND p_status <> 'running'
    AND p_started > (SELECT w."since" FROM "CapabilityStatsWindow" w WHERE w."id" = 1)
$$;

CREATE FUNCTION explore_capability_stats_test(p_capability TEXT, p_started TIMESTAMP(3), p_status "SampleTestStatus", p_sign INTEGER)
RETURNS VOID LANGUAGE sql AS $$
  UPDATE "CapabilityStats" s SET
    "tests" = s."tests" + p_sign,
    "testsPassed" = s."testsPassed" + CASE WHEN p_status = 'passed' THEN p_sign ELSE 0 END
  WHERE s."capabilityId" = p_capability
    AND p_started > (SELECT w."since" FROM "CapabilityStatsWindow" w WHERE w."id" = 1)
$$;

-- The trigger functions are PL/pgSQL, and the migration runner splits a script at every semicolon, so their
-- bodies are E'' strings spelling each semicolon \073.
CREATE FUNCTION explore_capability_stats_run_changed() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_advisory_xact_lock_shared(explore_capability_stats_lock_key())\073
  IF TG_OP IN (''UPDATE'', ''DELETE'') THEN
    PERFORM explore_capability_stats_run(OLD."capabilityId", OLD."dryRun", OLD."startedAt", OLD."status", -1)\073
  END IF\073
  IF TG_OP IN (''INSERT'', ''UPDATE'') THEN
    PERFORM explore_capability_stats_run(NEW."capabilityId", NEW."dryRun", NEW."startedAt", NEW."status", 1)\073
  END IF\073
  RETURN NULL\073
END
';

CREATE FUNCTION explore_capability_stats_test_changed() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_advisory_xact_lock_shared(explore_capability_stats_lock_key())\073
  IF TG_OP IN (''UPDATE'', ''DELETE'') THEN
    PERFORM explore_capability_stats_test(OLD."capabilityId", OLD."startedAt", OLD."status", -1)\073
  END IF\073
  IF TG_OP IN (''INSERT'', ''UPDATE'') THEN
    PERFORM explore_capability_stats_test(NEW."capabilityId", NEW."startedAt", NEW."status", 1)\073
  END IF\073
  RETURN NULL\073
END
';

CREATE FUNCTION explore_capability_stats_runs_truncated() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "CapabilityStats" SET "runs" = 0, "finished" = 0, "succeeded" = 0 WHERE "runs" <> 0 OR "finished" <> 0 OR "succeeded" <> 0\073
  RETURN NULL\073
END
';

CREATE FUNCTION explore_capability_stats_tests_truncated() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "CapabilityStats" SET "tests" = 0, "testsPassed" = 0 WHERE "tests" <> 0 OR "testsPassed" <> 0\073
  RETURN NULL\073
END
';

CREATE FUNCTION explore_capability_stats_row() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO "CapabilityStats" ("capabilityId", "createdAt", "position") VALUES (NEW."id", NEW."createdAt", NEW."position")
  ON CONFLICT ("capabilityId") DO UPDATE SET "createdAt" = excluded."createdAt", "position" = excluded."position"\073
  RETURN NULL\073
END
';

-- Backfill before the triggers exist: migrations run before any server starts, so nothing is written meanwhile.
INSERT INTO "CapabilityStats" ("capabilityId", "createdAt", "position", "runs", "finished", "succeeded", "tests", "testsPassed")
SELECT c."id", c."createdAt", c."position", coalesce(ex.runs, 0), coalesce(ex.finished, 0), coalesce(ex.succeeded, 0), coalesce(st.tests, 0), coalesce(st.passed, 0)
FROM "Capability" c
LEFT JOIN (
  SELECT e."capabilityId",
         count(*) FILTER (WHERE e."status" <> 'running')::int AS runs,
         count(*) FILTER (WHERE e."status" IN ('succeeded', 'tool_error', 'failed', 'timed_out', 'outcome_unknown'))::int AS finished,
         count(*) FILTER (WHERE e."status" = 'succeeded')::int AS succeeded
  FROM "Execution" e
  WHERE NOT e."dryRun" AND e."startedAt" > (SELECT w."since" FROM "CapabilityStatsWindow" w WHERE w."id" = 1)
  GROUP BY e."capabilityId"
) ex ON ex."capabilityId" = c."id"
LEFT JOIN (
  SELECT t."capabilityId", count(*)::int AS tests, count(*) FILTER (WHERE t."status" = 'passed')::int AS passed
  FROM "SampleTest" t
  WHERE t."startedAt" > (SELECT w."since" FROM "CapabilityStatsWindow" w WHERE w."id" = 1)
  GROUP BY t."capabilityId"
) st ON st."capabilityId" = c."id";

CREATE TRIGGER "Capability_stats_row" AFTER INSERT ON "Capability"
FOR EACH ROW EXECUTE FUNCTION explore_capability_stats_row();

-- An import rewrites every column of its capabilities: only a changed order or date is copied again.
CREATE TRIGGER "Capability_stats_ties" AFTER UPDATE OF "createdAt", "position" ON "Capability"
FOR EACH ROW WHEN (OLD."createdAt" IS DISTINCT FROM NEW."createdAt" OR OLD."position" IS DISTINCT FROM NEW."position")
EXECUTE FUNCTION explore_capability_stats_row();

CREATE TRIGGER "Execution_capability_stats" AFTER INSERT OR DELETE ON "Execution"
FOR EACH ROW EXECUTE FUNCTION explore_capability_stats_run_changed();

CREATE TRIGGER "Execution_capability_stats_changes" AFTER UPDATE OF "capabilityId", "dryRun", "startedAt", "status" ON "Execution"
FOR EACH ROW WHEN (OLD."capabilityId" IS DISTINCT FROM NEW."capabilityId" OR OLD."dryRun" IS DISTINCT FROM NEW."dryRun"
                   OR OLD."startedAt" IS DISTINCT FROM NEW."startedAt" OR OLD."status" IS DISTINCT FROM NEW."status")
EXECUTE FUNCTION explore_capability_stats_run_changed();

CREATE TRIGGER "Execution_capability_stats_truncate" AFTER TRUNCATE ON "Execution"
FOR EACH STATEMENT EXECUTE FUNCTION explore_capability_stats_runs_truncated();

CREATE TRIGGER "SampleTest_capability_stats" AFTER INSERT OR DELETE ON "SampleTest"
FOR EACH ROW EXECUTE FUNCTION explore_capability_stats_test_changed();

CREATE TRIGGER "SampleTest_capability_stats_changes" AFTER UPDATE OF "capabilityId", "startedAt", "status" ON "SampleTest"
FOR EACH ROW WHEN (OLD."capabilityId" IS DISTINCT FROM NEW."capabilityId" OR OLD."startedAt" IS DISTINCT FROM NEW."startedAt"
                   OR OLD."status" IS DISTINCT FROM NEW."status")
EXECUTE FUNCTION explore_capability_stats_test_changed();

CREATE TRIGGER "SampleTest_capability_stats_truncate" AFTER TRUNCATE ON "SampleTest"
FOR EACH STATEMENT EXECUTE FUNCTION explore_capability_stats_tests_truncated();
