-- The analytics rollup (issue #13): runs counted per service and UTC day, and per agent and UTC day, kept by a
-- trigger on "Execution", so the analytics page reads at most 30 rows per agent or service instead of every run
-- of the window (bench/analytics.ts). Columns per row: a count per execution status, the finished runs'
-- durations as a histogram over fixed log-spaced buckets, and their sum.
--
-- A detached run (its service deleted or dropped by a re-import, "capabilityId" set to NULL) counts for
-- nothing: the record stays, but the trigger takes it out of the rollup as the old direct aggregation left
-- it out of every agent's figures. The rollup tables have no foreign keys on purpose: the SET NULL update
-- must still find the service's rows to take the run out, whatever order PostgreSQL fires the
-- referential actions in, and rows that reach zero runs are deleted by the trigger itself.

CREATE TABLE "ExecutionDaily" (
    "capabilityId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "agentId" TEXT NOT NULL,
    "running" INTEGER NOT NULL DEFAULT 0,
    "succeeded" INTEGER NOT NULL DEFAULT 0,
    "tool_error" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "timed_out" INTEGER NOT NULL DEFAULT 0,
    "outcome_unknown" INTEGER NOT NULL DEFAULT 0,
    "cancelled" INTEGER NOT NULL DEFAULT 0,
    "payment_required" INTEGER NOT NULL DEFAULT 0,
    "latencyBuckets" INTEGER[] NOT NULL,
    "latencySumMs" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ExecutionDaily_pkey" PRIMARY KEY ("capabilityId", "day")
);

CREATE INDEX "ExecutionDaily_agentId_day_idx" ON "ExecutionDaily"("agentId", "day");

CREATE TABLE "AgentExecutionDaily" (
    "agentId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "running" INTEGER NOT NULL DEFAULT 0,
    "succeeded" INTEGER NOT NULL DEFAULT 0,
    "tool_error" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "timed_out" INTEGER NOT NULL DEFAULT 0,
    "outcome_unknown" INTEGER NOT NULL DEFAULT 0,
    "cancelled" INTEGER NOT NULL DEFAULT 0,
    "payment_required" INTEGER NOT NULL DEFAULT 0,
    "latencyBuckets" INTEGER[] NOT NULL,
    "latencySumMs" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "AgentExecutionDaily_pkey" PRIMARY KEY ("agentId", "day")
);

-- The buckets' lower bounds in ms: round(2^(i/4)), i = 0..88, duplicates dropped (lib/analytics/latency-histogram.ts
-- holds the same list, and a test compares them). Bucket 1 holds 0 ms, bucket k + 1 holds bound k up to the
-- next bound, the last bucket everything from 4,194,304 ms (70 minutes) up: 85 buckets, each about 19 % wide.
CREATE FUNCTION "execution_latency_bounds"() RETURNS INTEGER[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY[1,2,3,4,5,6,7,8,10,11,13,16,19,23,27,32,38,45,54,64,76,91,108,128,152,181,215,256,304,362,431,512,609,724,861,1024,1218,1448,1722,2048,2435,2896,3444,4096,4871,5793,6889,8192,9742,11585,13777,16384,19484,23170,27554,32768,38968,46341,55109,65536,77936,92682,110218,131072,155872,185364,220436,262144,311744,370728,440872,524288,623487,741455,881744,1048576,1246974,1482910,1763488,2097152,2493948,2965821,3526975,4194304]::INTEGER[]
$$;

-- The histogram bucket (1-based array position) of a run, or NULL when its duration is not counted: only
-- finished runs (lib/runs/success-rate.ts FINISHED_STATUSES) with a duration, as the percentiles always were.
CREATE FUNCTION "execution_latency_bucket"(status "ExecutionStatus", duration_ms INTEGER) RETURNS INTEGER
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN duration_ms IS NOT NULL AND status IN ('succeeded', 'tool_error', 'failed', 'timed_out', 'outcome_unknown')
    THEN width_bucket(greatest(duration_ms, 0), "execution_latency_bounds"()) + 1
  END
$$;

-- The migration runner (scripts/lib/migrations.ts, through @prisma/adapter-pg) sends a script statement by
-- statement, split at every semicolon, so the functions below are single SQL statements, and the two trigger
-- functions, which must be PL/pgSQL, are written as E'' strings with \073 (octal) for each semicolon.

-- The bucket's array position and the step to add there for a run counted with sign 1 or -1 (position 1 with
-- step 0 when the run adds no latency).
CREATE FUNCTION "execution_latency_slot"(p_status "ExecutionStatus", p_duration INTEGER) RETURNS INTEGER
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce("execution_latency_bucket"(p_status, p_duration), 1)
$$;

CREATE FUNCTION "execution_latency_step"(p_status "ExecutionStatus", p_duration INTEGER, p_sign INTEGER) RETURNS INTEGER
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN "execution_latency_bucket"(p_status, p_duration) IS NULL THEN 0 ELSE p_sign END
$$;

-- Adds (sign 1) or takes away (sign -1) one run's share of its agent's day and its service's day, in that
-- order (the service's insert reads the agent's), so two runs of one agent never wait on each other in
-- opposite orders. A run taken away finds its agent in the service's row (its service may be gone by then),
-- a run added finds it in "Capability". A detached run (no service) finds none and changes nothing.
CREATE FUNCTION "execution_daily_apply"(p_capability TEXT, p_started TIMESTAMP(3), p_status "ExecutionStatus", p_duration INTEGER, p_sign INTEGER)
RETURNS VOID LANGUAGE sql AS $$
  WITH run AS (
    SELECT p_started::date AS "day",
           CASE WHEN p_sign > 0 THEN (SELECT c."agentId" FROM "Capability" c WHERE c."id" = p_capability)
                ELSE (SELECT d."agentId" FROM "ExecutionDaily" d WHERE d."capabilityId" = p_capability AND d."day" = p_started::date) END AS "agentId",
           array_fill(0, ARRAY["execution_latency_slot"(p_status, p_duration) - 1])
             || "execution_latency_step"(p_status, p_duration, p_sign)
             || array_fill(0, ARRAY[85 - "execution_latency_slot"(p_status, p_duration)]) AS "buckets",
           CASE WHEN "execution_latency_step"(p_status, p_duration, p_sign) = 0 THEN 0 ELSE p_sign * p_duration::BIGINT END AS "sumMs"
  ), agent_day AS (
    INSERT INTO "AgentExecutionDaily" AS t ("agentId", "day", "running", "succeeded", "tool_error", "failed", "timed_out", "outcome_unknown", "cancelled", "payment_required", "latencyBuckets", "latencySumMs")
    SELECT run."agentId", run."day",
           CASE WHEN p_status = 'running' THEN p_sign ELSE 0 END,
           CASE WHEN p_status = 'succeeded' THEN p_sign ELSE 0 END,
           CASE WHEN p_status = 'tool_error' THEN p_sign ELSE 0 END,
           CASE WHEN p_status = 'failed' THEN p_sign ELSE 0 END,
           CASE WHEN p_status = 'timed_out' THEN p_sign ELSE 0 END,
           CASE WHEN p_status = 'outcome_unknown' THEN p_sign ELSE 0 END,
           CASE WHEN p_status = 'cancelled' THEN p_sign ELSE 0 END,
           CASE WHEN p_status = 'payment_required' THEN p_sign ELSE 0 END,
           run."buckets", run."sumMs"
    FROM run WHERE run."agentId" IS NOT NULL
    ON CONFLICT ("agentId", "day") DO UPDATE SET
    "running" = t."running" + excluded."running",
    "succeeded" = t."succeeded" + excluded."succeeded",
    "tool_error" = t."tool_error" + excluded."tool_error",
    "failed" = t."failed" + excluded."failed",
    "timed_out" = t."timed_out" + excluded."timed_out",
    "outcome_unknown" = t."outcome_unknown" + excluded."outcome_unknown",
    "cancelled" = t."cancelled" + excluded."cancelled",
    "payment_required" = t."payment_required" + excluded."payment_required",
    "latencyBuckets"["execution_latency_slot"(p_status, p_duration)] = t."latencyBuckets"["execution_latency_slot"(p_status, p_duration)] + "execution_latency_step"(p_status, p_duration, p_sign),
    "latencySumMs" = t."latencySumMs" + excluded."latencySumMs"
    RETURNING t."agentId", t."day"
  )
  INSERT INTO "ExecutionDaily" AS t ("capabilityId", "day", "agentId", "running", "succeeded", "tool_error", "failed", "timed_out", "outcome_unknown", "cancelled", "payment_required", "latencyBuckets", "latencySumMs")
  SELECT p_capability, agent_day."day", agent_day."agentId",
         CASE WHEN p_status = 'running' THEN p_sign ELSE 0 END,
         CASE WHEN p_status = 'succeeded' THEN p_sign ELSE 0 END,
         CASE WHEN p_status = 'tool_error' THEN p_sign ELSE 0 END,
         CASE WHEN p_status = 'failed' THEN p_sign ELSE 0 END,
         CASE WHEN p_status = 'timed_out' THEN p_sign ELSE 0 END,
         CASE WHEN p_status = 'outcome_unknown' THEN p_sign ELSE 0 END,
         CASE WHEN p_status = 'cancelled' THEN p_sign ELSE 0 END,
         CASE WHEN p_status = 'payment_required' THEN p_sign ELSE 0 END,
         run."buckets", run."sumMs"
  FROM agent_day, run
  ON CONFLICT ("capabilityId", "day") DO UPDATE SET
  "running" = t."running" + excluded."running",
  "succeeded" = t."succeeded" + excluded."succeeded",
  "tool_error" = t."tool_error" + excluded."tool_error",
  "failed" = t."failed" + excluded."failed",
  "timed_out" = t."timed_out" + excluded."timed_out",
  "outcome_unknown" = t."outcome_unknown" + excluded."outcome_unknown",
  "cancelled" = t."cancelled" + excluded."cancelled",
  "payment_required" = t."payment_required" + excluded."payment_required",
  "latencyBuckets"["execution_latency_slot"(p_status, p_duration)] = t."latencyBuckets"["execution_latency_slot"(p_status, p_duration)] + "execution_latency_step"(p_status, p_duration, p_sign),
  "latencySumMs" = t."latencySumMs" + excluded."latencySumMs"
$$;

-- A service's day with no run left leaves no row behind, nor does its agent's day when that is empty too (an
-- agent's day is the sum of its services' days, so it can only be empty when this one is).
CREATE FUNCTION "execution_daily_prune"(p_capability TEXT, p_started TIMESTAMP(3))
RETURNS VOID LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM "ExecutionDaily" d WHERE d."capabilityId" = p_capability AND d."day" = p_started::date
      AND d."running" + d."succeeded" + d."tool_error" + d."failed" + d."timed_out" + d."outcome_unknown" + d."cancelled" + d."payment_required" = 0
    RETURNING d."agentId", d."day"
  )
  DELETE FROM "AgentExecutionDaily" a USING gone WHERE a."agentId" = gone."agentId" AND a."day" = gone."day"
    AND a."running" + a."succeeded" + a."tool_error" + a."failed" + a."timed_out" + a."outcome_unknown" + a."cancelled" + a."payment_required" = 0
$$;

-- The row trigger: an update takes the old run away, adds the new one, then prunes what the old one left.
CREATE FUNCTION "execution_daily_trigger"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP IN (''UPDATE'', ''DELETE'') THEN
    PERFORM "execution_daily_apply"(OLD."capabilityId", OLD."startedAt", OLD."status", OLD."durationMs", -1)\073
  END IF\073
  IF TG_OP IN (''INSERT'', ''UPDATE'') THEN
    PERFORM "execution_daily_apply"(NEW."capabilityId", NEW."startedAt", NEW."status", NEW."durationMs", 1)\073
  END IF\073
  IF TG_OP IN (''UPDATE'', ''DELETE'') THEN
    PERFORM "execution_daily_prune"(OLD."capabilityId", OLD."startedAt")\073
  END IF\073
  RETURN NULL\073
END
';

CREATE FUNCTION "execution_daily_truncate"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  TRUNCATE "ExecutionDaily", "AgentExecutionDaily"\073
  RETURN NULL\073
END
';

-- The histogram of a set of runs, as an aggregate: the backfill below, and the tests' direct aggregation.
CREATE FUNCTION "execution_latency_histogram_step"(histogram INTEGER[], p_status "ExecutionStatus", p_duration INTEGER)
RETURNS INTEGER[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN "execution_latency_bucket"(p_status, p_duration) IS NULL THEN histogram
    ELSE histogram[1:"execution_latency_bucket"(p_status, p_duration) - 1]
      || (histogram["execution_latency_bucket"(p_status, p_duration)] + 1)
      || histogram["execution_latency_bucket"(p_status, p_duration) + 1:85]
  END
$$;

CREATE AGGREGATE "execution_latency_histogram"("ExecutionStatus", INTEGER) (
  SFUNC = "execution_latency_histogram_step",
  STYPE = INTEGER[],
  INITCOND = '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}'
);

-- Backfill: every existing run of a service that still exists, counted as the trigger counts it. Migrations
-- are applied before the server starts (scripts/lib/database.ts), so no run is written meanwhile.
INSERT INTO "ExecutionDaily" ("capabilityId", "day", "agentId", "running", "succeeded", "tool_error", "failed", "timed_out", "outcome_unknown", "cancelled", "payment_required", "latencyBuckets", "latencySumMs")
SELECT e."capabilityId", e."startedAt"::date, c."agentId",
       count(*) FILTER (WHERE e."status" = 'running')::int, count(*) FILTER (WHERE e."status" = 'succeeded')::int,
       count(*) FILTER (WHERE e."status" = 'tool_error')::int, count(*) FILTER (WHERE e."status" = 'failed')::int,
       count(*) FILTER (WHERE e."status" = 'timed_out')::int, count(*) FILTER (WHERE e."status" = 'outcome_unknown')::int,
       count(*) FILTER (WHERE e."status" = 'cancelled')::int, count(*) FILTER (WHERE e."status" = 'payment_required')::int,
       "execution_latency_histogram"(e."status", e."durationMs"),
       coalesce(sum(e."durationMs") FILTER (WHERE "execution_latency_bucket"(e."status", e."durationMs") IS NOT NULL), 0)::bigint
FROM "Execution" e JOIN "Capability" c ON c."id" = e."capabilityId"
GROUP BY e."capabilityId", e."startedAt"::date, c."agentId";

INSERT INTO "AgentExecutionDaily" ("agentId", "day", "running", "succeeded", "tool_error", "failed", "timed_out", "outcome_unknown", "cancelled", "payment_required", "latencyBuckets", "latencySumMs")
SELECT c."agentId", e."startedAt"::date,
       count(*) FILTER (WHERE e."status" = 'running')::int, count(*) FILTER (WHERE e."status" = 'succeeded')::int,
       count(*) FILTER (WHERE e."status" = 'tool_error')::int, count(*) FILTER (WHERE e."status" = 'failed')::int,
       count(*) FILTER (WHERE e."status" = 'timed_out')::int, count(*) FILTER (WHERE e."status" = 'outcome_unknown')::int,
       count(*) FILTER (WHERE e."status" = 'cancelled')::int, count(*) FILTER (WHERE e."status" = 'payment_required')::int,
       "execution_latency_histogram"(e."status", e."durationMs"),
       coalesce(sum(e."durationMs") FILTER (WHERE "execution_latency_bucket"(e."status", e."durationMs") IS NOT NULL), 0)::bigint
FROM "Execution" e JOIN "Capability" c ON c."id" = e."capabilityId"
GROUP BY c."agentId", e."startedAt"::date;

-- Only a change to what the rollup counts moves a run: a repeat, a refresh or a message leaves it alone.
CREATE TRIGGER "execution_daily_rows" AFTER INSERT OR DELETE ON "Execution"
FOR EACH ROW EXECUTE FUNCTION "execution_daily_trigger"();

CREATE TRIGGER "execution_daily_changes" AFTER UPDATE OF "capabilityId", "startedAt", "status", "durationMs" ON "Execution"
FOR EACH ROW WHEN (OLD."capabilityId" IS DISTINCT FROM NEW."capabilityId" OR OLD."startedAt" IS DISTINCT FROM NEW."startedAt"
                   OR OLD."status" IS DISTINCT FROM NEW."status" OR OLD."durationMs" IS DISTINCT FROM NEW."durationMs")
EXECUTE FUNCTION "execution_daily_trigger"();

CREATE TRIGGER "execution_daily_truncate" AFTER TRUNCATE ON "Execution"
FOR EACH STATEMENT EXECUTE FUNCTION "execution_daily_truncate"();
