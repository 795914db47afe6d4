import "server-only";
import { db } from "@/lib/foundations/db/client";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { REQUEST_STATUSES, newRequestSchema, type RequestStatus } from "@/lib/domain/requests/request-input";
import { castVote, createRequest, findRequest, listRequests, similarRequests, type RequestView } from "@/lib/domain/requests/requests";
import { requestPath } from "@/lib/domain/requests/paths";
import { absoluteUrl } from "@/lib/foundations/site/origin";
import { claimNetworkHandle } from "@/lib/domain/network/handles";
import type { z } from "zod";
import type { Context, ToolKit } from "./server";
import * as shapes from "./shapes";
import { inWords, plural } from "./words";

// Capability requests on /mcp (seed 004's request_capability, and Explore's names for listing and voting):
// public asks for what no service offers yet, voted on by handle. The domain code is in lib/domain/requests.

/** A request as the tools answer it. */
export function requestOf(r: RequestView): z.output<typeof shapes.requestOut> {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    tags: r.tags,
    status: r.status,
    votes: r.votes,
    created_at: r.createdAt.toISOString(),
    answered_by: r.answeredBy
      ? { handle: r.answeredBy.handle, capability_id: r.answeredBy.capabilityId, name: r.answeredBy.name, url: r.answeredBy.url }
      : null,
    url: absoluteUrl(requestPath(r.id)),
  };
}

function isRequestStatus(word: string): word is RequestStatus {
  return (REQUEST_STATUSES as readonly string[]).includes(word);
}

/** Requests and votes through /mcp count against the capability-requests limit, per client address. */
async function writeAllowed(context: Context): Promise<string | null> {
  const limit = await consume("capabilityRequests", `mcp:${context.clientKey}`);
  return limit.ok ? null : limit.message;
}

class VoteRefused extends Error {}

/** The capability-request tools, defined with the server's own helper (so they are listed and called like the others). */
export function requestTools({ defineTool, refusal }: ToolKit) {
  return [
    defineTool(
      "request_capability",
      {
        title: "Request a missing capability",
        description:
          "Ask for a capability no service offers yet. The request is public so others can vote on it, and publishers see what is wanted most. The answer lists similar requests: vote on one of those instead if it is the same ask. With a handle, your request counts as your vote.",
        input: shapes.requestCapabilityInput,
        output: shapes.requestCapabilityOutput,
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      },
      async (input, reply, context) => {
        const parsed = newRequestSchema.safeParse(input);
        if (!parsed.success) return refusal(inWords(parsed.error));
        const limited = await writeAllowed(context);
        if (limited) return refusal(limited);
        const similar = await similarRequests(null, parsed.data.title);
        const created = await db.$transaction(async (tx) => {
          const claim = input.handle ? await claimNetworkHandle(tx, input.handle, input.handle_token) : null;
          if (claim && !claim.ok) return claim;
          // Without a handle the request still needs an author to count its vote: one handle per address would
          // be a guess, so an anonymous request starts with no vote.
          if (!claim) {
            const row = await tx.capabilityRequest.create({
              data: { title: parsed.data.title, description: parsed.data.description, tags: parsed.data.tags },
              select: { id: true },
            });
            return { ok: true as const, id: row.id, token: null };
          }
          return { ok: true as const, id: await createRequest(parsed.data, { handleId: claim.handleId }, tx), token: claim.newToken };
        });
        if (!created.ok) return refusal(created.message);
        const view = await findRequest(null, created.id);
        if (!view) return refusal("The request could not be read back; try list_capability_requests.");
        return reply(
          { request: requestOf(view), similar: similar.map(requestOf), handle_token: created.token },
          created.token ? "Requested. Keep the handle_token: it is shown once." : "Requested.",
        );
      },
    ),

    defineTool(
      "list_capability_requests",
      {
        title: "List capability requests",
        description:
          "Public requests for missing capabilities, most voted first (sort 'votes') or newest first (sort 'new'), with their status (open, planned, in_progress, available, declined, duplicate) and, when available, the listing that answers it.",
        input: shapes.listRequestsInput,
        output: shapes.listRequestsOutput,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (input, reply) => {
        const status = input.status?.toLowerCase();
        if (status !== undefined && !isRequestStatus(status))
          return refusal(`status: "${input.status}" is not a status: use one of ${REQUEST_STATUSES.join(", ")}.`);
        const found = await listRequests(null, { ...input, status });
        return reply(
          { requests: found.requests.map(requestOf), next_offset: found.hasMore ? input.offset + input.limit : null },
          `${plural(found.requests.length, "request")}.`,
        );
      },
    ),

    defineTool(
      "vote_capability_request",
      {
        title: "Vote on a capability request",
        description:
          "Add your vote to a capability request (one vote per handle), or withdraw it with withdraw: true. The first use of a handle registers it and answers a handle_token.",
        input: shapes.voteInput,
        output: shapes.voteOutput,
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      async ({ id, handle, handle_token, withdraw }, reply, context) => {
        const limited = await writeAllowed(context);
        if (limited) return refusal(limited);
        const result = await db
          .$transaction(async (tx) => {
            const claim = await claimNetworkHandle(tx, handle, handle_token);
            if (!claim.ok) return claim;
            const vote = await castVote(id, { handleId: claim.handleId }, withdraw, tx);
            // A refused vote registers nothing: the transaction is rolled back with it.
            if (!vote.ok) throw new VoteRefused(vote.message);
            return { ...vote, token: claim.newToken };
          })
          .catch((error: unknown) => {
            if (error instanceof VoteRefused) return { ok: false as const, message: error.message };
            throw error;
          });
        if (!result.ok) return refusal(result.message);
        return reply(
          { id, votes: result.votes, voted: result.voted, handle_token: result.token },
          `${result.voted ? "Voted" : "Vote withdrawn"}: ${plural(result.votes, "vote")}.`,
        );
      },
    ),
  ];
}
