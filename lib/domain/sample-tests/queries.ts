import "server-only";
import { cache } from "react";
import { z } from "zod";
import { db } from "@/lib/foundations/db/client";
import type { Prisma } from "@/generated/prisma/client";
import type { SampleTestStatus } from "@/generated/prisma/enums";
import type { Viewer } from "@/lib/model/accounts/viewer";
import type { JsonObject, JsonValue } from "@/lib/model/agent-file/types";
import { readStored } from "@/lib/model/catalog/stored-json";
import { findListing } from "@/lib/model/catalog/queries";
import type { CatalogCapability } from "@/lib/model/catalog/read-model";
import { findOwnedCapabilityForTests } from "@/lib/model/catalog/sample-test-capabilities";
import { PASS_RATE_WINDOW_MS, sampleTestLabel, type SampleTestLabel } from "@/lib/model/figures/sample-test-label";
import { testNowWaitSeconds } from "./schedule-rules";
import { sampleTestability } from "./testability";

// Reads of sample-test results: the public label (service page, badge) and the publisher's history.

export type SampleTestView = {
  status: SampleTestStatus;
  startedAt: Date;
  latencyMs: number | null;
  failureReason: string | null;
  capabilityVersion: string;
};

export type SampleTestSummary = {
  label: SampleTestLabel;
  /** The latest test with its output, to show beside the expected output. */
  latest: (SampleTestView & { output: JsonValue | null }) | null;
  expectedOutput: JsonObject | null;
};

const testSelect = { status: true, startedAt: true, latencyMs: true, failureReason: true, capabilityVersion: true } satisfies Prisma.SampleTestSelect;
/** What the label is read from: the capability's row id and what says whether it can be tested. */
type CapabilityFacts = Pick<CatalogCapability, "rowId" | "class" | "example" | "effects">;

const jsonValue: z.ZodType<JsonValue> = z.json();

type Reader = Pick<typeof db, "sampleTest">;

async function summarize(c: CapabilityFacts, now: Date, reader: Reader = db): Promise<SampleTestSummary> {
  const testability = sampleTestability(c);
  const latest = await reader.sampleTest.findFirst({
    where: { capabilityId: c.rowId },
    select: { ...testSelect, output: true },
    orderBy: { startedAt: "desc" },
  });
  // Read after the latest test and up to it, so the label is the one of the test shown beside it: a test
  // recorded in between is in neither read (read side by side, the label could contradict the output shown).
  const recent = latest
    ? await reader.sampleTest.findMany({
        where: { capabilityId: c.rowId, startedAt: { gt: new Date(now.getTime() - PASS_RATE_WINDOW_MS), lte: latest.startedAt } },
        select: { status: true, startedAt: true },
        orderBy: { startedAt: "desc" },
        take: 2000,
      })
    : [];
  // The latest test decides the label even when it is older than the 30-day window.
  const tests = latest && recent.length === 0 ? [{ status: latest.status, startedAt: latest.startedAt }] : recent;
  return {
    label: sampleTestLabel(testability, tests, now),
    latest: latest && { ...latest, output: readStored(jsonValue, latest.output) },
    expectedOutput: c.example?.expectedOutput ?? null,
  };
}

/** The label and latest result of a service, or null when the service does not exist for this viewer. */
export const findSampleTestSummary = cache(
  async (viewer: Viewer | null, handle: string, capabilityId: string, now: Date = new Date()): Promise<SampleTestSummary | null> => {
    // Through the catalog's read (once per request: the page has it already).
    const listing = await findListing(viewer, handle, capabilityId);
    return listing ? summarize(listing, now) : null;
  },
);

export type OwnedSampleTests = SampleTestSummary & {
  handle: string;
  capabilityId: string;
  name: string;
  version: string;
  agentPublished: boolean;
  /** The last 30 results, newest first. */
  history: SampleTestView[];
  /** Seconds before "Test now" may be used again. */
  testNowWaitSeconds: number;
  /** When the next scheduled test is due (null: one is queued or running, or none is scheduled). */
  nextRunAt: Date | null;
};

/** The publisher's view of one of their capabilities; null when it is not theirs. */
export async function findOwnedSampleTests(
  viewer: Pick<Viewer, "id">,
  handle: string,
  capabilityId: string,
  now: Date = new Date(),
): Promise<OwnedSampleTests | null> {
  // One snapshot: a test recorded between the reads would otherwise give a label its history does not show.
  return db.$transaction(
    async (tx) => {
      const c = await findOwnedCapabilityForTests(viewer.id, handle, capabilityId, tx);
      if (!c) return null;
      const state = await tx.sampleTestState.findUnique({ where: { capabilityId: c.rowId }, select: { nextRunAt: true, requestedAt: true } });
      const history = await tx.sampleTest.findMany({ where: { capabilityId: c.rowId }, select: testSelect, orderBy: { startedAt: "desc" }, take: 30 });
      const summary = await summarize(c, now, tx);
      return {
        ...summary,
        handle,
        capabilityId,
        name: c.name,
        version: c.version,
        agentPublished: c.agent.status === "published",
        history,
        testNowWaitSeconds: testNowWaitSeconds(state?.requestedAt ?? null, now),
        nextRunAt: state?.nextRunAt ?? null,
      };
    },
    { isolationLevel: "RepeatableRead" },
  );
}
