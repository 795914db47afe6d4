import { z } from "zod";
import {
  DATA_CLASSES,
  OUTSIDE_ACTIONS,
  type DataDeclaration,
  type Effects,
  type Example,
  type JsonObject,
  type NormalizedCapability,
  type OutsideAction,
} from "@/lib/model/agent-file/types";

// The JSON columns hold lib/model/agent-file's normalised shapes; reads narrow them here instead of casting.

export const jsonObjectSchema: z.ZodType<JsonObject> = z.record(z.string(), z.json());

const retention = {
  retention: z.enum(["none", "retained"]).nullable(),
  days: z.number().int().nullable(),
};

export const dataDeclarationSchema: z.ZodType<DataDeclaration> = z.object({
  acceptedDataClasses: z.array(z.enum(DATA_CLASSES)).nullable(),
  inputs: z.object({ ...retention, journal: z.boolean().nullable() }).nullable(),
  results: z.object({ ...retention, journal: z.boolean().nullable() }).nullable(),
  executionMetadata: z.object({ retentionDays: z.number().int().nullable() }).nullable(),
  downstream: z
    .object({
      ...retention,
      journal: z.boolean().nullable(),
      subprocessors: z.array(z.object({ name: z.string(), purpose: z.string(), region: z.string() })),
    })
    .nullable(),
  usedForTraining: z.boolean().nullable(),
  processingRegions: z.array(z.string()).nullable(),
  deletionOnRequest: z.boolean().nullable(),
  encryptedAtRest: z.boolean().nullable(),
  dpaUrl: z.string().nullable(),
});

export const exampleSchema: z.ZodType<Example> = z.object({
  input: jsonObjectSchema,
  problem: z.string().nullable(),
  successCriteria: z.string().nullable(),
  expectedOutput: jsonObjectSchema.nullable(),
  origin: z.enum(["schema", "found", "publisher"]),
  helpers: z.array(z.string()),
});

export const effectsSchema: z.ZodType<Effects> = z.object({
  idempotencyArgument: z.string().nullable(),
  outcomeLookup: z.string().nullable(),
  escalate: z.boolean(),
  dryRunArgument: z.string().nullable(),
});

const outsideActionSchema = z.enum(OUTSIDE_ACTIONS);

/** Narrows a stored JSON value; a row that does not match is shown as unavailable rather than crashing the page. */
export function readStored<T>(schema: z.ZodType<T>, value: unknown): T | null {
  if (value === null || value === undefined) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function readOutsideAction(value: string | null): OutsideAction | null {
  return readStored(outsideActionSchema, value);
}

/** `refreshes` is kept as two nullable columns; it exists only when both are set. */
export function readRefreshes(row: { refreshesPerExecution: number | null; refreshesWithinHours: number | null }): NormalizedCapability["refreshes"] {
  return row.refreshesPerExecution !== null && row.refreshesWithinHours !== null
    ? { perExecution: row.refreshesPerExecution, withinHours: row.refreshesWithinHours }
    : null;
}
