-- Search's index of what the shared audiences see (lib/search/shared-index-live.ts) holds each listing's latest
-- sample test, latest pass, reputation and 30-day runs, which sample tests and runs change without a listing
-- write (those NOTIFY explore_listings_changed). These triggers tell it which capability changed: its id on
-- explore_capability_facts, sent when the transaction commits (one per id and transaction).
-- The triggers fire on every UPDATE and compare values: the reputation is set by a BEFORE trigger, so an
-- UPDATE OF "reputation" trigger would not fire for the statements that change it.
-- PL/pgSQL bodies as E'' strings with \073 for each semicolon: the migration runner splits at semicolons.

CREATE FUNCTION explore_capability_facts_changed() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_notify(''explore_capability_facts'', NEW."id")\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Capability_facts_changed" AFTER UPDATE ON "Capability"
FOR EACH ROW WHEN (
  OLD."lastTestAt" IS DISTINCT FROM NEW."lastTestAt"
  OR OLD."lastTestPassed" IS DISTINCT FROM NEW."lastTestPassed"
  OR OLD."lastPassAt" IS DISTINCT FROM NEW."lastPassAt"
) EXECUTE FUNCTION explore_capability_facts_changed();

CREATE FUNCTION explore_capability_stats_facts_changed() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_notify(''explore_capability_facts'', NEW."capabilityId")\073
  RETURN NULL\073
END
';

CREATE TRIGGER "CapabilityStats_facts_changed" AFTER UPDATE ON "CapabilityStats"
FOR EACH ROW WHEN (OLD."reputation" IS DISTINCT FROM NEW."reputation" OR OLD."runs" IS DISTINCT FROM NEW."runs")
EXECUTE FUNCTION explore_capability_stats_facts_changed();
