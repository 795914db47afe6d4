-- Sample tests and runs no longer NOTIFY: a NOTIFY in a transaction serialises the commits of every
-- transaction that sends one, and the triggers of 20261206100000_capability_facts_notify sent one with every
-- test and every finished run. A sample test that changes what a listing shows now announces a listing change
-- for its agent (lib/sample-tests/label-changes.ts), and the search index reads the other facts again by itself.
DROP TRIGGER "Capability_facts_changed" ON "Capability";
DROP TRIGGER "CapabilityStats_facts_changed" ON "CapabilityStats";
DROP FUNCTION explore_capability_facts_changed();
DROP FUNCTION explore_capability_stats_facts_changed();

-- Labels also change by the passing of time (sample-tested goes stale after 7 days, unreachable comes and
-- goes over 3): the worker announces the agents whose tests crossed those ages since "since", and moves it.
CREATE TABLE "SampleTestLabelWindow" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "since" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SampleTestLabelWindow_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "SampleTestLabelWindow_one_row" CHECK ("id" = 1)
);

INSERT INTO "SampleTestLabelWindow" ("id", "since") VALUES (1, now() AT TIME ZONE 'UTC');
