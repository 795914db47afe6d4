import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { paymentRequiredResult, type PaymentRequiredAnswer } from "../../lib/domain/payments/payment-required";

/** What a tool may read from the request's `_meta`; every field is optional, tools never require it. */
export type CallMeta = { executionId: string | null; consumerId: string | null; validation: boolean };

/** The four annotation hints, all stated, so each tool says what class it belongs to. */
export type ToolHints = Required<Pick<ToolAnnotations, "readOnlyHint" | "destructiveHint" | "idempotentHint" | "openWorldHint">>;

export const READ_ONLY: ToolHints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
export const TRANSFORMATION: ToolHints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

type ToolSpec<I extends z.ZodObject, O extends z.ZodObject> = {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  hints: ToolHints;
  run: (args: z.output<I>, meta: CallMeta) => NoInfer<z.input<O> | Promise<z.input<O>>>;
};

/** A tool ready to be registered on any number of per-request servers. */
export type DemoTool = { name: string; register: (server: McpServer) => void };

/** Thrown by a tool for a problem with its arguments; reported to the caller as a tool error in words. */
export class ToolInputError extends Error {}

/** Thrown by a provider-enforced paid tool for a consumer with no payment on record (docs/payments.md). */
export class PaymentRequiredError extends Error {
  constructor(
    readonly answer: PaymentRequiredAnswer,
    message: string,
  ) {
    super(message);
  }
}

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(spec: ToolSpec<I, O>): DemoTool {
  // Widened once so the SDK's conditional callback type resolves; typed values come from our own parse.
  const inputSchema: z.ZodObject = spec.input;
  const outputSchema: z.ZodObject = spec.output;
  return {
    name: spec.name,
    register(server) {
      server.registerTool(
        spec.name,
        {
          title: spec.title,
          description: spec.description,
          inputSchema,
          outputSchema,
          annotations: { title: spec.title, ...spec.hints },
        },
        async (args, extra) => {
          try {
            const parsed = spec.input.parse(args);
            const result = await spec.run(parsed, readMeta(extra._meta));
            const structuredContent = outputSchema.parse(result);
            return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
          } catch (error) {
            if (error instanceof ToolInputError) {
              return { isError: true, content: [{ type: "text", text: error.message }] };
            }
            if (error instanceof PaymentRequiredError) return paymentRequiredResult(error.answer, error.message);
            throw error;
          }
        },
      );
    },
  };
}

const metaShape = z.looseObject({
  execution_id: z.string().optional(),
  executionId: z.string().optional(),
  validation: z.boolean().optional(),
});

/** The value of the first key ending in `suffix` (Explore namespaces its keys: `io.explore/consumer_id`). */
function bySuffix(meta: Record<string, unknown>, suffix: RegExp): unknown {
  return Object.entries(meta).find(([key]) => suffix.test(key))?.[1];
}

/** Reads the execution ID, the consumer ID and the sample-test flag from `_meta` when the caller sent them. */
export function readMeta(meta: unknown): CallMeta {
  const parsed = metaShape.safeParse(meta ?? {});
  if (!parsed.success) return { executionId: null, consumerId: null, validation: false };
  let executionId = parsed.data.execution_id ?? parsed.data.executionId ?? null;
  if (executionId === null) {
    for (const [key, value] of Object.entries(parsed.data)) {
      if (/execution[_-]?id$/i.test(key) && typeof value === "string") executionId = value;
    }
  }
  const consumerId = bySuffix(parsed.data, /consumer[_-]?id$/i);
  const validation = parsed.data.validation ?? bySuffix(parsed.data, /(^|\/)validation$/);
  return { executionId, consumerId: typeof consumerId === "string" ? consumerId : null, validation: validation === true };
}

/** Rounds to a fixed number of decimals, so answers are stable and readable. */
export function round(value: number, decimals = 6): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
