import "server-only";
import { z } from "zod";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { fail, fieldErrorsOf, ok, type ActionFailure } from "@/lib/foundations/action-result";
import { submittedText } from "@/lib/foundations/form-fields";
import { connectMcpServer } from "./connect-mcp";
import type { ConnectFormKept, ConnectFormResult } from "./connect-form-state";
import { diffTools } from "./diff-tools";
import { draftFromTools } from "./draft-from-tools";
import { findOwnedAgentDocument } from "@/lib/domain/agents/queries";

// RFC 9110 token characters; the transport's own headers are not the publisher's to set.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/u;
const RESERVED_HEADERS = new Set([
  "accept",
  "connection",
  "content-length",
  "content-type",
  "host",
  "keep-alive",
  "mcp-protocol-version",
  "mcp-session-id",
  "last-event-id",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);
const MAX_HEADER_VALUE = 8192;

const blankAsAbsent = (value: string | undefined) => (value === undefined || value.trim() === "" ? undefined : value);

export const connectFormInput = z
  .object({
    url: z
      .string()
      .trim()
      .min(1, "Enter the MCP server's URL.")
      .max(2048, "Use at most 2048 characters.")
      .refine((url) => URL.canParse(url) && /^https?:$/u.test(new URL(url).protocol), "Enter a web address like https://mcp.example.com/mcp."),
    headerName: z
      .string()
      .optional()
      .transform((name) => blankAsAbsent(name)?.trim())
      .refine((name) => name === undefined || HEADER_NAME.test(name), "A header name is letters, digits and - (e.g. Authorization).")
      .refine((name) => name === undefined || !RESERVED_HEADERS.has(name.toLowerCase()), "Explore sets this header itself; use another."),
    headerValue: z
      .string()
      .optional()
      .transform(blankAsAbsent)
      .refine((value) => value === undefined || !/[\r\n\0]/u.test(value), "The value must be on one line.")
      .refine((value) => value === undefined || value.length <= MAX_HEADER_VALUE, `Use at most ${MAX_HEADER_VALUE} characters.`),
    compare: z.string().max(40).optional().transform(blankAsAbsent),
  })
  .superRefine((input, context) => {
    if (input.headerValue !== undefined && input.headerName === undefined) {
      context.addIssue({ code: "custom", path: ["headerName"], message: "Name the header the value goes in." });
    }
    if (input.headerName !== undefined && input.headerValue === undefined) {
      context.addIssue({ code: "custom", path: ["headerValue"], message: "Enter the header's value (it is used for this call only)." });
    }
  });

export type ConnectFormInput = z.output<typeof connectFormInput>;

function keptOf(submitted: unknown): ConnectFormKept {
  return { url: submittedText(submitted, "url"), headerName: submittedText(submitted, "headerName"), compare: submittedText(submitted, "compare") };
}

/** A form that did not parse: each problem by its field, keeping what was typed (the header's value aside). */
export function connectFormRefusal(error: z.ZodError, submitted: unknown): ActionFailure<ConnectFormKept> {
  return fail("Check the highlighted fields; nothing was called.", fieldErrorsOf(error), keptOf(submitted));
}

/** Connects the server, drafts its agent.json and, when asked, compares it with one of the viewer's own agents. */
export async function connectFromForm(viewer: Pick<Viewer, "id">, input: ConnectFormInput): Promise<ConnectFormResult> {
  const kept: ConnectFormKept = { url: input.url, headerName: input.headerName ?? "", compare: input.compare ?? "" };
  // Ownership first, before anything is called: only the viewer's own agents are read.
  const existing = input.compare === undefined ? null : await findOwnedAgentDocument(viewer.id, input.compare);
  if (input.compare !== undefined && existing === null) {
    return fail("Nothing was called.", { compare: [`You have no agent ${input.compare}.`] }, kept);
  }
  const header = input.headerName !== undefined && input.headerValue !== undefined ? { name: input.headerName, value: input.headerValue } : undefined;
  const connected = await connectMcpServer({ url: input.url, header });
  if (!connected.ok) return fail(connected.message, undefined, kept);
  const draft = draftFromTools(connected.tools, { endpoint: connected.endpoint, serverInfo: connected.serverInfo });
  return ok({
    kept,
    serverName: connected.serverInfo.title ?? connected.serverInfo.name,
    endpoint: connected.endpoint,
    truncated: connected.truncated,
    tools: draft.tools.map((t) => ({
      tool: t.tool,
      capabilityId: t.capabilityId,
      class: t.verdict.class,
      offered: t.verdict.offered,
      needsConfirmation: t.verdict.needsConfirmation,
      why: t.verdict.why,
      category: t.category,
      tags: t.tags,
      hasExample: t.hasExample,
    })),
    comparison: existing === null || input.compare === undefined ? null : { handle: input.compare, diff: diffTools(existing, connected.tools) },
    toComplete: draft.toComplete,
    suggestions: draft.suggestions,
    draftText: `${JSON.stringify(draft.document, null, 2)}\n`,
  });
}
