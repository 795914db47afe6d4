import "server-only";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { fail, ok, type ActionResult } from "@/lib/foundations/action-result";
import { db } from "@/lib/foundations/db/client";
import { asAdmin } from "@/lib/domain/moderation/admin-check";
import { MAX_THREAD_MESSAGES, readThread, statusOf, type OperatorRequestStatus, type RequestThread } from "./operator-requests";

// The administrators' side of the operator channel (/admin/requests): list requests by status, read a thread,
// answer it (the request becomes answered, and the agent reads the answer with read_request), close it. Every read
// and write here checks the viewer is an administrator itself, so no page or action is the only guard.

export type InboxItem = {
  id: string;
  status: OperatorRequestStatus;
  handle: string | null;
  firstMessage: string;
  messages: number;
  createdAt: Date;
  lastMessageAt: Date;
};

const PREVIEW = 200;

/** Requests of one status, the longest waiting first for open ones and the latest first otherwise; null for non-administrators. */
export async function inboxRequests(viewer: Viewer | null, status: OperatorRequestStatus, limit = 100): Promise<InboxItem[] | null> {
  if (!asAdmin(viewer)) return null;
  const rows = await db.operatorRequest.findMany({
    where: { status },
    orderBy: { lastMessageAt: status === "open" ? "asc" : "desc" },
    take: limit,
    select: {
      id: true,
      status: true,
      handle: true,
      createdAt: true,
      lastMessageAt: true,
      _count: { select: { messages: true } },
      messages: { orderBy: { createdAt: "asc" }, take: 1, select: { body: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    status: statusOf(r.status),
    handle: r.handle,
    firstMessage: (r.messages[0]?.body ?? "").slice(0, PREVIEW),
    messages: r._count.messages,
    createdAt: r.createdAt,
    lastMessageAt: r.lastMessageAt,
  }));
}

/** How many requests wait for an answer; null for non-administrators. */
export async function openRequestCount(viewer: Viewer | null): Promise<number | null> {
  if (!asAdmin(viewer)) return null;
  return db.operatorRequest.count({ where: { status: "open" } });
}

/** A request's thread for an administrator; null for anyone else and for an unknown id. */
export async function inboxThread(viewer: Viewer | null, id: string): Promise<RequestThread | null> {
  if (!asAdmin(viewer)) return null;
  return readThread(id);
}

export const MAX_ANSWER = 8000;

/** An administrator's answer: added to the thread, and the request is answered. */
export async function answerRequest(viewer: Viewer | null, id: string, answer: string): Promise<ActionResult> {
  const admin = asAdmin(viewer);
  if (!admin) return fail("Only administrators answer requests.");
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ status: string }[]>`SELECT "status" FROM "OperatorRequest" WHERE "id" = ${id} FOR UPDATE`;
    const status = locked[0]?.status;
    if (status === undefined) return fail("There is no such request.");
    if (status === "closed") return fail("This request is closed: it takes no more messages.");
    if ((await tx.operatorMessage.count({ where: { requestId: id } })) >= MAX_THREAD_MESSAGES)
      return fail(`This request holds ${MAX_THREAD_MESSAGES} messages, as many as one request may.`);
    await tx.operatorMessage.create({ data: { requestId: id, fromOperator: true, authorUserId: admin.id, body: answer } });
    await tx.operatorRequest.update({ where: { id }, data: { status: "answered", lastMessageAt: new Date() } });
    return ok();
  });
}

/** Closes a request: out of the open and answered lists, and it takes no more messages. */
export async function closeRequest(viewer: Viewer | null, id: string): Promise<ActionResult> {
  if (!asAdmin(viewer)) return fail("Only administrators close requests.");
  const { count } = await db.operatorRequest.updateMany({ where: { id, status: { not: "closed" } }, data: { status: "closed", closedAt: new Date() } });
  return count === 1 ? ok() : fail("That request is closed already, or does not exist.");
}
