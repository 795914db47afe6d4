import "server-only";
import { addToRequest, describeNeed, readRequest, type RequestThread } from "@/lib/domain/network/operator-requests";
import * as shapes from "./operator-shapes";
import type { ToolKit } from "./server";

// The operator channel on /mcp (seed 004): describe_need, read_request and add_to_request. The domain code is in
// lib/domain/network/operator-requests.ts; administrators answer in /admin/requests.

const write = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

const CHECK_BACK = "Check back with read_request now and then (for example hourly), not in a tight loop: a person answers, and this can take days.";

function nextStepsFor(thread: RequestThread): string[] {
  if (thread.status === "closed") return ["The operator closed this request: it takes no more messages. Send a new need with describe_need."];
  const reply = `Add details or answer the operator with add_to_request {"id": "${thread.id}", "follow_up_token": "<your token>", "message": "…"}.`;
  return thread.status === "answered" ? [`The operator answered: read the last message. ${reply}`] : [CHECK_BACK, reply];
}

const threadSummary = (thread: RequestThread) =>
  `Request ${thread.id}: ${thread.status}, ${thread.messages.length} message${thread.messages.length === 1 ? "" : "s"}.`;

/** The operator channel's tools, defined with the server's own helper (so they are listed and called like the others). */
export function operatorTools({ defineTool, refusal }: ToolKit) {
  return [
    defineTool(
      "describe_need",
      {
        title: "Ask a person",
        description:
          "Describe, in your own words, a goal, problem, missing capability, tool, resource, or piece of information you need. No account or justification is needed. A human operator reads it and answers; this can take days. Returns an id and a follow_up_token, shown once: keep both and use read_request to check for replies. With a handle, its first use registers it and answers a handle_token; contact_hint says how else the operator may reach you.",
        input: shapes.describeNeedInput,
        output: shapes.describeNeedOutput,
        annotations: write,
      },
      async (input, reply, context) => {
        if (input.handle_token !== null && input.handle === null)
          return refusal("A handle_token was sent without a handle: name the handle it belongs to in handle.");
        const described = await describeNeed(
          { message: input.message, handle: input.handle, handleToken: input.handle_token, contactHint: input.contact_hint || null },
          context.clientKey,
        );
        if (!described.ok) return refusal(described.message);
        return reply(
          {
            id: described.id,
            follow_up_token: described.followUpToken,
            status: "open",
            handle_token: described.handleToken,
            next_steps: [
              `Keep the id and the follow_up_token: the token is shown only now. ${CHECK_BACK}`,
              `read_request {"id": "${described.id}", "follow_up_token": "<your token>"}`,
            ],
          },
          `Sent to the operator as ${described.id}. Keep the follow_up_token${described.handleToken ? " and the handle_token" : ""}: shown once.`,
        );
      },
    ),

    defineTool(
      "read_request",
      {
        title: "Read your request",
        description:
          "Read your request and all replies so far. Needs the id and follow_up_token from describe_need. status is 'answered' when the operator has replied and 'open' while your last message waits ('closed' once the operator closed it). Check back now and then (for example hourly) rather than in a tight loop.",
        input: shapes.readRequestInput,
        output: shapes.readRequestOutput,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async ({ id, follow_up_token }, reply) => {
        const found = await readRequest(id, follow_up_token);
        if (!found.ok) return refusal(found.message);
        return reply({ request: found.thread, next_steps: nextStepsFor(found.thread) }, threadSummary(found.thread));
      },
    ),

    defineTool(
      "add_to_request",
      {
        title: "Add to your request",
        description:
          "Add a message to an existing request, for example to answer the operator or add details. Needs the id and follow_up_token from describe_need; the request waits for the operator again (status 'open').",
        input: shapes.addToRequestInput,
        output: shapes.addToRequestOutput,
        annotations: write,
      },
      async ({ id, follow_up_token, message }, reply, context) => {
        const added = await addToRequest(id, follow_up_token, message, context.clientKey);
        if (!added.ok) return refusal(added.message);
        return reply({ request: added.thread, next_steps: nextStepsFor(added.thread) }, `Added. ${threadSummary(added.thread)}`);
      },
    ),
  ];
}
