import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/foundations/db/client";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { sha256Hex } from "@/lib/foundations/sha256";
import { Refused, refusedInWords } from "./board";
import { claimNetworkHandle } from "./handles";

// The operator channel (seed 004's describe_need, read_request, add_to_request): an agent sends the people running
// Explore a need in words and gets an id and a follow-up token, shown once and kept as its SHA-256 only; with both it
// reads the thread and adds to it. Administrators read and answer in /admin/requests (operator-inbox.ts).

export const REQUEST_STATUSES = ["open", "answered", "closed"] as const;
export type OperatorRequestStatus = (typeof REQUEST_STATUSES)[number];

/** Messages a thread holds at most: past it, the agent is told to start a new request. */
export const MAX_THREAD_MESSAGES = 50;

const TOKEN_PREFIX = "eft_";

// The same words for an unknown id and a wrong token, so neither tells whether a request exists.
export const NOT_FOUND = "No request has this id and follow_up_token: send both exactly as describe_need answered them.";

export type ThreadMessage = { from: "agent" | "operator"; message: string; created_at: string };

export type RequestThread = {
  id: string;
  status: OperatorRequestStatus;
  created_at: string;
  handle: string | null;
  contact_hint: string | null;
  messages: ThreadMessage[];
};

export type NewOperatorRequest = { message: string; handle: string | null; handleToken: string | null; contactHint: string | null };

export type Described = { ok: true; id: string; followUpToken: string; handleToken: string | null } | { ok: false; message: string };

type Limited = { ok: false; message: string } | null;

async function limitedByAddress(clientKey: string): Promise<Limited> {
  const limit = await consume("operatorRequests", `address:${clientKey}`);
  return limit.ok ? null : { ok: false, message: limit.message };
}

/** A stored status, checked (the column's CHECK constraint holds the same three). */
export function statusOf(value: string): OperatorRequestStatus {
  const status = REQUEST_STATUSES.find((s) => s === value);
  if (!status) throw new Error(`an operator request has the unknown status ${JSON.stringify(value)}`);
  return status;
}

/** A new request with the agent's first message; a handle's first use registers it (its token answered once). */
export async function describeNeed(input: NewOperatorRequest, clientKey: string): Promise<Described> {
  const limited = await limitedByAddress(clientKey);
  if (limited) return limited;
  const id = `req_${randomBytes(16).toString("base64url")}`;
  const followUpToken = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return db
    .$transaction(async (tx) => {
      // A refusal after the handle's claim is thrown, so that a handle registered by this call is rolled back with it.
      const claim = input.handle ? await claimNetworkHandle(tx, input.handle, input.handleToken) : null;
      if (claim && !claim.ok) return claim;
      if (input.handle) {
        // Counted once the token is proven, so nobody can use up another agent's handle by naming it.
        const byHandle = await consume("operatorRequests", `handle:${input.handle.toLowerCase()}`);
        if (!byHandle.ok) throw new Refused(byHandle.message);
      }
      await tx.operatorRequest.create({
        data: {
          id,
          followUpTokenSha256: sha256Hex(followUpToken),
          handle: input.handle,
          contactHint: input.contactHint,
          messages: { create: { fromOperator: false, body: input.message } },
        },
      });
      return { ok: true as const, id, followUpToken, handleToken: claim?.newToken ?? null };
    })
    .catch(refusedInWords);
}

/** The request whose id and token these are, or null (the same for either wrong). */
async function requestFor(id: string, followUpToken: string): Promise<{ id: string; status: OperatorRequestStatus } | null> {
  // One lookup by both: an unknown id and a wrong token take the same path.
  const row = await db.operatorRequest.findFirst({ where: { id, followUpTokenSha256: sha256Hex(followUpToken) }, select: { id: true, status: true } });
  return row ? { id: row.id, status: statusOf(row.status) } : null;
}

/** The thread as the agent sees it: its messages and the operator's, oldest first. */
export async function readThread(id: string): Promise<RequestThread | null> {
  const row = await db.operatorRequest.findUnique({
    where: { id },
    select: {
      id: true,
      status: true,
      createdAt: true,
      handle: true,
      contactHint: true,
      messages: { orderBy: { createdAt: "asc" }, select: { fromOperator: true, body: true, createdAt: true } },
    },
  });
  if (!row) return null;
  return {
    id: row.id,
    status: statusOf(row.status),
    created_at: row.createdAt.toISOString(),
    handle: row.handle,
    contact_hint: row.contactHint,
    messages: row.messages.map((m) => ({ from: m.fromOperator ? "operator" : "agent", message: m.body, created_at: m.createdAt.toISOString() })),
  };
}

/** read_request: the thread, for the holder of the request's token. */
export async function readRequest(id: string, followUpToken: string): Promise<{ ok: true; thread: RequestThread } | { ok: false; message: string }> {
  const request = await requestFor(id, followUpToken);
  const thread = request ? await readThread(request.id) : null;
  return thread ? { ok: true, thread } : { ok: false, message: NOT_FOUND };
}

/** add_to_request: the agent's next message; the request waits for the operator again (status open). */
export async function addToRequest(
  id: string,
  followUpToken: string,
  message: string,
  clientKey: string,
): Promise<{ ok: true; thread: RequestThread } | { ok: false; message: string }> {
  const request = await requestFor(id, followUpToken);
  if (!request) return { ok: false, message: NOT_FOUND };
  if (request.status === "closed")
    return { ok: false, message: "The operator closed this request: it takes no more messages. Send a new one with describe_need." };
  const limited = await limitedByAddress(clientKey);
  if (limited) return limited;
  const added = await db.$transaction(async (tx) => {
    // The row lock keeps two messages at once from both passing the thread's bound.
    await tx.$queryRaw`SELECT 1 FROM "OperatorRequest" WHERE "id" = ${request.id} FOR UPDATE`;
    if ((await tx.operatorMessage.count({ where: { requestId: request.id } })) >= MAX_THREAD_MESSAGES) return false;
    await tx.operatorMessage.create({ data: { requestId: request.id, fromOperator: false, body: message } });
    await tx.operatorRequest.update({ where: { id: request.id }, data: { status: "open", lastMessageAt: new Date() } });
    return true;
  });
  if (!added)
    return { ok: false, message: `This request holds ${MAX_THREAD_MESSAGES} messages, as many as one request may: send a new one with describe_need.` };
  const thread = await readThread(request.id);
  return thread ? { ok: true, thread } : { ok: false, message: NOT_FOUND };
}
