import "server-only";
import { cache } from "react";
import { z } from "zod";
import { db } from "@/lib/foundations/db/client";
import type { Prisma } from "@/generated/prisma/client";
import type { SampleTestStatus } from "@/generated/prisma/enums";
import type { Viewer } from "@/lib/model/accounts/viewer";
import type { JsonObject, JsonValue } from "@/lib/model/agent-file/types";
import { effectsSchema, exampleSchema, readStored } from "@/lib/model/catalog/stored-json";
import { findListing } from "@/lib/model/catalog/queries";
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
const capabilitySelect = { id: true, class: true, example: true, effects: true } satisfies Prisma.CapabilitySelect;
type CapabilityFacts = Prisma.CapabilityGetPayload<{ select: typeof capabilitySelect }>;

const jsonValue: z.ZodType<JsonValue> = z.json();

type Reader = Pick<typeof db, "sampleTest">;

async function summarize(c: CapabilityFacts, now: Date, reader: Reader = db): Promise<SampleTestSummary> {
  const example = readStored(exampleSchema, c.example);
  const testability = sampleTestability({ class: c.class, example, effects: readStored(effectsSchema, c.effects) });
  const latest = await reader.sampleTest.findFirst({
    where: { capabilityId: c.id },
    select: { ...testSelect, output: true },
    orderBy: { startedAt: "desc" },
  });
  // Read after the latest test and up to it, so the label is the one of the test shown beside it: a test
  // recorded in between is in neither read (read side by side, the label could contradict the output shown).
  const recent = latest
    ? await reader.sampleTest.findMany({
        where: { capabilityId: c.id, startedAt: { gt: new Date(now.getTime() - PASS_RATE_WINDOW_MS), lte: latest.startedAt } },
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
    expectedOutput: example?.expectedOutput ?? null,
  };
}

/** The label and latest result of a service, or null when the service does not exist for this viewer. */
export const findSampleTestSummary = cache(
  async (viewer: Viewer | null, handle: string, capabilityId: string, now: Date = new Date()): Promise<SampleTestSummary | null> => {
    // Through the catalog's read (once per request: the page has it already), then by row id.
    const listing = await findListing(viewer, handle, capabilityId);
    if (!listing) return null;
    const c = await db.capability.findUnique({ where: { id: listing.rowId }, select: capabilitySelect });
    return c ? summarize(c, now) : null;
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
      const c = await tx.capability.findFirst({
        where: { capabilityId, agent: { handle, ownerId: viewer.id } },
        select: {
          ...capabilitySelect,
          name: true,
          version: true,
          agent: { select: { status: true } },
          sampleTestState: { select: { nextRunAt: true, requestedAt: true } },
          sampleTests: { select: testSelect, orderBy: { startedAt: "desc" }, take: 30 },
        },
      });
      if (!c) return null;
      const summary = await summarize(c, now, tx);
      return {
        ...summary,
        handle,
        capabilityId,
        name: c.name,
        version: c.version,
        agentPublished: c.agent.status === "published",
        history: c.sampleTests,
        testNowWaitSeconds: testNowWaitSeconds(c.sampleTestState?.requestedAt ?? null, now),
        nextRunAt: c.sampleTestState?.nextRunAt ?? null,
      };
    },
    { isolationLevel: "RepeatableRead" },
  );
}
