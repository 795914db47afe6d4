import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { findListingsByRowIds } from "@/lib/model/catalog/queries";
import { findOwnedPublishedService, findOwnedTopics } from "@/lib/model/catalog/owned-agents";
import { db } from "@/lib/foundations/db/client";
import { servicePath } from "@/lib/model/addresses/paths";
import { absoluteUrl } from "@/lib/foundations/site/origin";
import { withoutNul, type ListRequests, type NewRequest, type RequestStatus } from "./request-input";

// Capability requests: what people and agents ask for that no listing offers yet, with votes. One vote per
// account or per caller handle; asking counts as the asker's vote. A publisher may answer one with a listing.

export type Voter = { userId: string } | { handleId: string };

export type RequestView = {
  id: string;
  title: string;
  description: string;
  tags: string[];
  status: RequestStatus;
  votes: number;
  createdAt: Date;
  /** The listing that answers it, when the viewer may see that listing. */
  answeredBy: { handle: string; capabilityId: string; name: string; url: string } | null;
};

const requestRow = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  status: z.enum(["open", "planned", "in_progress", "available", "declined", "duplicate"]),
  votes: z.number().int(),
  createdAt: z.date(),
  answeredCapabilityId: z.string().nullable(),
});
type RequestRow = z.infer<typeof requestRow>;

const SELECT = Prisma.sql`r."id", r."title", r."description", r."tags", r."status"::text AS "status", r."votes", r."createdAt", r."answeredCapabilityId"`;

/** The rows as the viewer sees them: an answering listing only through the one visibility rule. */
async function viewsOf(viewer: Viewer | null, rows: RequestRow[]): Promise<RequestView[]> {
  const answering = await findListingsByRowIds(
    viewer,
    rows.flatMap((r) => (r.answeredCapabilityId ? [r.answeredCapabilityId] : [])),
  );
  return rows.map(({ answeredCapabilityId, ...row }) => {
    const listing = answeredCapabilityId ? answering.get(answeredCapabilityId) : undefined;
    return {
      ...row,
      answeredBy: listing
        ? {
            handle: listing.agent.handle,
            capabilityId: listing.capabilityId,
            name: listing.name,
            url: absoluteUrl(servicePath(listing.agent.handle, listing.capabilityId)),
          }
        : null,
    };
  });
}

function voterColumns(voter: Voter): { userId: string } | { handleId: string } {
  return "userId" in voter ? { userId: voter.userId } : { handleId: voter.handleId };
}

/** Requests whose title is like this one (open or being worked on): "vote on one of those instead". */
export async function similarRequests(viewer: Viewer | null, title: string, limit = 5): Promise<RequestView[]> {
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT ${SELECT} FROM "CapabilityRequest" r
    WHERE r."status" IN ('open', 'planned', 'in_progress', 'available') AND similarity(r."title", ${title}) >= 0.3
    ORDER BY similarity(r."title", ${title}) DESC, r."votes" DESC LIMIT ${limit}`);
  return viewsOf(viewer, z.array(requestRow).parse(raw));
}

/** Asks for a capability; the asker's vote is counted with it. */
export async function createRequest(input: NewRequest, author: Voter, tx: Prisma.TransactionClient): Promise<string> {
  const created = await tx.capabilityRequest.create({
    data: {
      title: input.title,
      description: input.description,
      tags: input.tags,
      votes: 1,
      ...("userId" in author ? { authorUserId: author.userId } : { authorHandleId: author.handleId }),
      voters: { create: voterColumns(author) },
    },
    select: { id: true },
  });
  return created.id;
}

export async function findRequest(viewer: Viewer | null, id: string): Promise<RequestView | null> {
  // An id no query can take (a NUL character, from a URL) names no request.
  if (!withoutNul(id)) return null;
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`SELECT ${SELECT} FROM "CapabilityRequest" r WHERE r."id" = ${id}`);
  const [view] = await viewsOf(viewer, z.array(requestRow).parse(raw));
  return view ?? null;
}

/** Most voted or newest; every word of `query` must appear in the title or description. */
export async function listRequests(viewer: Viewer | null, q: ListRequests): Promise<{ requests: RequestView[]; hasMore: boolean }> {
  const where: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (q.status) where.push(Prisma.sql`r."status" = ${q.status}::"CapabilityRequestStatus"`);
  if (q.tag) where.push(Prisma.sql`${q.tag.toLowerCase()} = ANY (r."tags")`);
  for (const word of (q.query ?? "")
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 8)) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(Prisma.sql`(r."title" ILIKE ${pattern} OR r."description" ILIKE ${pattern})`);
  }
  const order = q.sort === "new" ? Prisma.sql`r."createdAt" DESC, r."id"` : Prisma.sql`r."votes" DESC, r."createdAt" DESC, r."id"`;
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT ${SELECT} FROM "CapabilityRequest" r WHERE ${Prisma.join(where, " AND ")}
    ORDER BY ${order} LIMIT ${q.limit + 1} OFFSET ${q.offset}`);
  const rows = z.array(requestRow).parse(raw);
  return { requests: await viewsOf(viewer, rows.slice(0, q.limit)), hasMore: rows.length > q.limit };
}

export type VoteResult = { ok: true; votes: number; voted: boolean } | { ok: false; message: string };

/** Adds the voter's one vote, or withdraws it; the count moves in the same transaction as the vote's row. */
export async function castVote(requestId: string, voter: Voter, withdraw: boolean, tx: Prisma.TransactionClient): Promise<VoteResult> {
  const request = await tx.capabilityRequest.findUnique({ where: { id: requestId }, select: { id: true } });
  if (!request) return { ok: false, message: "There is no capability request with that id." };
  const key = voterColumns(voter);
  if (withdraw) {
    const removed = await tx.capabilityRequestVote.deleteMany({ where: { requestId, ...key } });
    const after = await tx.capabilityRequest.update({ where: { id: requestId }, data: { votes: { decrement: removed.count } }, select: { votes: true } });
    return { ok: true, votes: after.votes, voted: false };
  }
  const added = await tx.capabilityRequestVote.createMany({ data: [{ requestId, ...key }], skipDuplicates: true });
  const after = await tx.capabilityRequest.update({ where: { id: requestId }, data: { votes: { increment: added.count } }, select: { votes: true } });
  return { ok: true, votes: after.votes, voted: true };
}

/** Which of these requests the signed-in person has voted for. */
export async function votedBy(userId: string, requestIds: readonly string[]): Promise<Set<string>> {
  if (requestIds.length === 0) return new Set();
  const rows = await db.capabilityRequestVote.findMany({ where: { userId, requestId: { in: [...requestIds] } }, select: { requestId: true } });
  return new Set(rows.map((r) => r.requestId));
}

/** Open requests that name a tag (or category) of one of the publisher's services, most voted first. */
export async function requestsForPublisher(viewer: Viewer, limit = 20): Promise<RequestView[]> {
  const topics = await findOwnedTopics(viewer.id);
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT ${SELECT} FROM "CapabilityRequest" r
    WHERE r."status" IN ('open', 'planned', 'in_progress') AND r."tags" && ${topics}::text[]
    ORDER BY r."votes" DESC, r."createdAt" DESC LIMIT ${limit}`);
  return viewsOf(viewer, z.array(requestRow).parse(raw));
}

/** The publisher answers a request with one of their listed services: it becomes "available" and links it. */
export async function answerRequest(
  viewer: Viewer,
  requestId: string,
  handle: string,
  capabilityId: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const capability = await findOwnedPublishedService(viewer.id, handle, capabilityId);
  if (!capability) return { ok: false, message: "Choose one of your published services." };
  const updated = await db.capabilityRequest.updateMany({
    where: { id: requestId, status: { in: ["open", "planned", "in_progress"] } },
    data: { status: "available", answeredCapabilityId: capability.rowId, answeredAt: new Date() },
  });
  return updated.count === 1 ? { ok: true } : { ok: false, message: "That request is not open any more." };
}
