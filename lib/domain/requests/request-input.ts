import { z } from "zod";
import { resolveTag, suggestTags } from "@/lib/model/agent-file/tags";

// What a capability request is made of, checked the same on the web and on /mcp: the sizes of seed 004's
// request_capability, and tags through the network's vocabulary (DESIGN.md rule 8), so publishers can match them.

export const REQUEST_STATUSES = ["open", "planned", "in_progress", "available", "declined", "duplicate"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const requestStatusWords: Record<RequestStatus, string> = {
  open: "Open",
  planned: "Planned",
  in_progress: "In progress",
  available: "Available",
  declined: "Declined",
  duplicate: "Duplicate",
};

/** PostgreSQL text cannot hold a NUL character: input with one is refused in words before any query sees it. */
export function withoutNul(text: string): boolean {
  return !text.includes("\u0000");
}
export const NUL_REFUSAL = "must not contain a NUL character (U+0000)";

/** A capability request's id as a caller sends it. */
export const requestIdSchema = z.string().min(1).max(64).refine(withoutNul, NUL_REFUSAL);

/** A caller handle on /mcp: seed 004's pattern. */
export const callerHandleSchema = z
  .string()
  .max(64)
  .regex(
    /^[A-Za-z0-9](?:[A-Za-z0-9._ -]{0,62}[A-Za-z0-9])?$/,
    "must be 1–64 letters, digits, dots, dashes, underscores or spaces, starting and ending with a letter or digit",
  );

const tagList = z
  .array(z.string().trim().min(1).max(40).refine(withoutNul, NUL_REFUSAL))
  .max(7, "at most 7 tags")
  .default([])
  .transform((tags, ctx) => {
    const resolved: string[] = [];
    for (const [index, tag] of tags.entries()) {
      const slug = resolveTag(tag);
      if (slug === null) {
        const near = suggestTags(tag);
        ctx.addIssue({
          code: "custom",
          path: [index],
          message: `“${tag}” is not one of the network's tags${near.length > 0 ? `; try ${near.join(", ")}` : ""}`,
        });
      } else if (!resolved.includes(slug)) resolved.push(slug);
    }
    return resolved;
  });

export const newRequestSchema = z.object({
  title: z.string().trim().min(1, "Say in a few words what is missing.").max(120, "At most 120 characters.").refine(withoutNul, NUL_REFUSAL),
  description: z.string().trim().min(1, "Describe what you need it for.").max(2000, "At most 2,000 characters.").refine(withoutNul, NUL_REFUSAL),
  tags: tagList,
});
export type NewRequest = z.output<typeof newRequestSchema>;

export const listRequestsSchema = z.object({
  query: z.string().trim().max(200).refine(withoutNul, NUL_REFUSAL).optional(),
  tag: z.string().trim().max(40).refine(withoutNul, NUL_REFUSAL).optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
  sort: z.enum(["votes", "new"]).default("votes"),
  limit: z.number().int().min(1).max(100).default(20),
  offset: z.number().int().min(0).max(10_000).default(0),
});
export type ListRequests = z.output<typeof listRequestsSchema>;

/** The ask form's fields as typed, given back with a refusal so that nothing typed is lost. */
export type AskedText = { title: string; description: string; tags: string };
