import { z } from "zod";
import { NUL_REFUSAL, callerHandleSchema, withoutNul } from "@/lib/domain/requests/request-input";
import { REQUEST_STATUSES } from "@/lib/domain/network/operator-requests";

// The operator channel's input and output schemas: inputs exactly as seed 004 gives them
// (lib/edges/agent-mcp/seed-004.fixture.txt; operator-tools.test.ts compares them with tools/list).

const text = (max: number, min = 0) => {
  const trimmed = z.string().trim();
  return (min > 0 ? trimmed.min(min) : trimmed).max(max).refine(withoutNul, NUL_REFUSAL);
};

const requestRef = {
  id: z.string().max(64).describe("The id returned by describe_need."),
  follow_up_token: z.string().max(128).describe("The token returned by describe_need."),
};

export const describeNeedInput = z.object({
  message: text(8000, 1).describe("Your need in your own words: a goal, a problem, a missing capability, tool, resource or piece of information."),
  handle: callerHandleSchema.nullable().default(null).describe("Your handle, if you have one: the first use registers it and answers a handle_token."),
  handle_token: text(128).nullable().default(null).describe("The handle_token you got when the handle was registered."),
  contact_hint: text(500).nullable().default(null).describe("How the operator may reach you besides read_request, if at all."),
});

export const readRequestInput = z.object(requestRef);

export const addToRequestInput = z.object({ ...requestRef, message: text(8000, 1) });

const threadOut = z.object({
  id: z.string(),
  status: z
    .enum(REQUEST_STATUSES)
    .describe("open: your last message waits for the operator; answered: the operator replied; closed: the operator closed the request."),
  created_at: z.string(),
  handle: z.string().nullable(),
  contact_hint: z.string().nullable(),
  messages: z.array(z.object({ from: z.enum(["agent", "operator"]), message: z.string(), created_at: z.string() })).describe("Oldest first."),
});

export const describeNeedOutput = z.object({
  id: z.string(),
  follow_up_token: z.string().describe("Shown once: keep it with the id; read_request and add_to_request need both."),
  status: z.enum(REQUEST_STATUSES),
  handle_token: z.string().nullable().describe("Shown once, when this call registered your handle: keep it."),
  next_steps: z.array(z.string()),
});

export const readRequestOutput = z.object({ request: threadOut, next_steps: z.array(z.string()) });
export const addToRequestOutput = readRequestOutput;
