"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { fail, ok, okMessage, type ActionResult } from "@/lib/foundations/action-result";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import type { ReplaceQuestion } from "@/lib/domain/publishing/import-form-state";
import { checkDraftText, type PlacedError } from "./draft-check";
import { publishDraft } from "./draft-publish";
import { tryDraftExample, type TryOutcome } from "./draft-try";
import {
  confirmSuggestion,
  createBlankDraft,
  createDraftFromText,
  deleteDraft,
  findOwnedDraft,
  openAgentDraft,
  saveDraftMaintainers,
  saveDraftText,
  type DraftWrite,
} from "./drafts";
import { suggestionsSchema } from "./suggestions";
import { parseMaintainerLines } from "@/lib/domain/formats/ga4gh/maintainers";
import { draftPath } from "./draft-paths";

// The editor's writes. Each finds the draft (or agent) through its owner: another publisher's ID is
// answered like one that does not exist, and changes nothing.

const draftId = z.string().min(1).max(40);
// Browsers send a textarea's line breaks as CRLF; the document has LF.
const draftText = z
  .string()
  .max(2 * 1024 * 1024)
  .transform((t) => t.replace(/\r\n/g, "\n"));

function opened(result: DraftWrite): ActionResult<{ id: string }> {
  if (!result.ok) return fail(result.message);
  revalidatePath("/dashboard/drafts");
  redirect(draftPath(result.id));
}

export const newDraftAction = viewerAction(z.object({}), async (viewer) => opened(await createBlankDraft(viewer.id)), { returnTo: "/dashboard/drafts" });

export const editAgentAction = viewerAction(
  z.object({ handle: z.string().min(2).max(40) }),
  async (viewer, input) => opened(await openAgentDraft(viewer.id, input.handle)),
  {
    returnTo: "/dashboard",
    invalid: "No agent was named.",
  },
);

// Connect's suggestions travel with its draft text; a publisher who alters them only adds fields to confirm.
const postedSuggestions = z
  .string()
  .max(1024 * 1024)
  .optional()
  .transform((text, context) => {
    if (text === undefined || text === "") return [];
    try {
      const parsed = suggestionsSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // Falls through to the refusal below.
    }
    context.addIssue({ code: "custom", message: "The draft's suggestions could not be read." });
    return z.NEVER;
  });

export const openInEditorAction = viewerAction(
  z.object({ text: draftText, source: z.enum(["connect", "import"]), suggestions: postedSuggestions }),
  async (viewer, input) => opened(await createDraftFromText(viewer.id, input.source, input.text, input.source === "connect" ? input.suggestions : [])),
  { returnTo: "/dashboard/connect", invalid: "There is nothing to open in the editor." },
);

export const deleteDraftAction = viewerAction(
  z.object({ id: draftId }),
  async (viewer, input) => {
    if (!(await deleteDraft(viewer.id, input.id))) return fail("This draft no longer exists.");
    revalidatePath("/dashboard/drafts");
    return ok();
  },
  { returnTo: "/dashboard/drafts", invalid: "No draft was named." },
);

/** A save: when it was stored, and the check of what was stored (every error with its place). */
export type DraftSaved = { savedAt: Date; errors: PlacedError[] };

/** Save draft, Check and the autosave: stores the text, then checks it. */
export const saveDraftAction = viewerAction(
  z.object({ id: draftId, text: draftText }),
  async (viewer, input): Promise<ActionResult<DraftSaved>> => {
    const limit = await consume("draftChecks", viewer.id);
    if (!limit.ok) return fail(limit.message);
    const saved = await saveDraftText(viewer.id, input.id, input.text);
    if (!saved.ok) return fail(saved.message);
    return ok({ savedAt: saved.savedAt, errors: checkDraftText(input.text, saved.suggestions).errors });
  },
  { returnTo: "/dashboard/drafts", invalid: "The draft could not be read." },
);

/** "Confirm" beside a suggestion: saves the text sent, and the value at `path` stops waiting for confirmation. */
export const confirmSuggestionAction = viewerAction(
  z.object({ id: draftId, path: z.string().min(1).max(300), text: draftText.optional() }),
  async (viewer, input): Promise<ActionResult<DraftSaved>> => {
    const limit = await consume("draftChecks", viewer.id);
    if (!limit.ok) return fail(limit.message);
    if (input.text !== undefined) {
      const saved = await saveDraftText(viewer.id, input.id, input.text);
      if (!saved.ok) return fail(saved.message);
    }
    const confirmed = await confirmSuggestion(viewer.id, input.id, input.path);
    if (!confirmed.ok) return fail(confirmed.message);
    const draft = await findOwnedDraft(viewer.id, input.id);
    if (!draft) return fail("This draft no longer exists; it may have been published or deleted.");
    revalidatePath(draftPath(input.id));
    return ok({ savedAt: draft.updatedAt, errors: checkDraftText(draft.text, confirmed.suggestions).errors });
  },
  { returnTo: "/dashboard/drafts", invalid: "No suggestion was named." },
);

/** The editor's "Registry maintainers" field: one a line, kept beside the draft (agent.json has no place for them). */
export const saveDraftMaintainersAction = viewerAction(
  z.object({ id: draftId, maintainers: z.string().max(8_000, "At most 8,000 characters.") }),
  async (viewer, input): Promise<ActionResult<undefined, { maintainers: string }>> => {
    const limit = await consume("draftChecks", viewer.id);
    if (!limit.ok) return fail(limit.message, undefined, { maintainers: input.maintainers });
    const read = parseMaintainerLines(input.maintainers);
    if (!read.ok) return fail("The maintainers were not saved.", { maintainers: read.errors }, { maintainers: input.maintainers });
    if (!(await saveDraftMaintainers(viewer.id, input.id, read.maintainers)))
      return fail("This draft no longer exists; it may have been published or deleted.");
    revalidatePath(draftPath(input.id));
    return okMessage(
      read.maintainers ? `Saved ${read.maintainers.length} maintainer${read.maintainers.length === 1 ? "" : "s"}.` : "Saved: no maintainers stated.",
    );
  },
  { returnTo: "/dashboard/drafts", invalid: "The maintainers could not be read." },
);

export type PublishRefusal = { errors: PlacedError[]; confirm?: ReplaceQuestion };

/** Publish (publish=yes) or Save as unpublished (publish=no): saves the text sent, then imports it. */
export const publishDraftAction = viewerAction(
  z.object({ id: draftId, text: draftText.optional(), publish: z.enum(["yes", "no"]), overwrite: z.string().max(40).optional() }),
  async (viewer, input): Promise<ActionResult<undefined, PublishRefusal>> => {
    const limit = await consume("imports", viewer.id);
    if (!limit.ok) return fail(limit.message, undefined, { errors: [] });
    if (input.text !== undefined) {
      const saved = await saveDraftText(viewer.id, input.id, input.text);
      if (!saved.ok) return fail(saved.message, undefined, { errors: [] });
    }
    const result = await publishDraft(viewer.id, input.id, { publish: input.publish === "yes", overwrite: input.overwrite ?? null });
    if (!result.ok) return fail(result.message, undefined, { errors: result.errors, ...(result.confirm ? { confirm: result.confirm } : {}) });
    revalidatePath("/dashboard");
    revalidatePath("/");
    revalidatePath("/(explore)/agents/[handle]", "page");
    revalidatePath("/(explore)/services/[handle]/[capabilityId]", "page");
    redirect(`/dashboard?from-editor=${encodeURIComponent(result.handle)}&published=${result.published ? "1" : "0"}`);
  },
  { returnTo: "/dashboard/drafts", invalid: "The draft could not be read." },
);

/** What the editor's form answers: a save, a confirmation of the chosen suggestion, or a refused publish (a publish redirects). */
export type EditorFormAnswer =
  { saved: ActionResult<DraftSaved> } | { confirmed: ActionResult<DraftSaved> } | { published: ActionResult<undefined, PublishRefusal> };

/**
 * The editor's form: Publish and Save as unpublished, and without JavaScript Check and Save draft (intent=save)
 * and "Confirm the chosen suggestion" (intent=confirm, the radio's `path`). One action for the form, because after
 * a post without JavaScript React hands back only the answer of the form's own action, not of a button's
 * formAction beside it.
 */
export const editorFormAction = viewerAction(
  z.object({ intent: z.enum(["publish", "save", "confirm"]).default("publish") }),
  async (_viewer, input, form): Promise<ActionResult<EditorFormAnswer>> => {
    if (!form) return fail("The editor's form was not sent.");
    if (input.intent === "save") return ok({ saved: await saveDraftAction(null, form) });
    if (input.intent === "confirm") return ok({ confirmed: await confirmSuggestionAction(null, form) });
    return ok({ published: await publishDraftAction(null, form) });
  },
  { returnTo: "/dashboard/drafts", invalid: "The editor's form could not be read." },
);

/** "Try it": the example of one capability of the saved draft against its adapter (no execution record). */
export const tryDraftExampleAction = viewerAction(
  z.object({ id: draftId, capabilityId: z.string().min(1).max(60) }),
  async (viewer, input): Promise<ActionResult<TryOutcome>> => {
    const limit = await consume("testNow", viewer.id);
    if (!limit.ok) return fail(limit.message);
    const result = await tryDraftExample(viewer.id, input.id, input.capabilityId);
    return result.ok ? ok(result.outcome) : fail(result.message);
  },
  { returnTo: "/dashboard/drafts", invalid: "No capability was named." },
);
