import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

// The action wrapper with the real viewer lookup (lib/model/accounts/viewer.ts) and Next's real redirect and
// notFound; only the session (and the cookie that names it) are stand-ins.
const auth = vi.hoisted(() => vi.fn<() => Promise<{ user?: Record<string, unknown> } | null>>());
vi.mock("@/lib/model/accounts/auth", () => ({ auth }));
vi.mock("next/headers", () => ({ cookies: async () => ({ getAll: () => [{ name: "authjs.session-token", value: "token" }] }) }));

import { notFound, redirect } from "next/navigation";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { fail, ok, okMessage } from "@/lib/foundations/action-result";
import { submittedText } from "@/lib/foundations/form-fields";
import { formData } from "@/lib/testing/form-data";
import { redirectTarget } from "@/lib/testing/next-redirect";
import { publicAction, viewerAction, type ViewerActionOptions } from "@/lib/model/accounts/viewer-action";

const ada = { id: "u1", email: "ada@example.com", name: "Ada", dateOfBirth: null, showMature: false };

function signedIn() {
  auth.mockResolvedValue({ user: ada });
}

function signedOut() {
  auth.mockResolvedValue(null);
}

afterEach(() => {
  auth.mockReset();
});

const renameInput = z.object({
  handle: z.string().min(2, "Name an agent."),
  name: z.string().trim().max(10),
  tags: z.array(z.string()).optional(),
});

type Seen = { viewer: Viewer; input: z.output<typeof renameInput>; form: FormData | null };

function renameAction(options?: ViewerActionOptions<never>) {
  const seen: Seen[] = [];
  const action = viewerAction(
    // Input typed unknown, so a test may send what no page would.
    z.unknown().pipe(renameInput),
    async (viewer, input, form) => {
      seen.push({ viewer, input, form });
      return ok({ renamed: input.handle }, "Renamed.");
    },
    options,
  );
  return { action, seen };
}

describe("viewerAction: who is asking", () => {
  it("sends a signed-out visitor to sign in, coming back to the given path, and does nothing", async () => {
    signedOut();
    const { action, seen } = renameAction({ returnTo: "/dashboard" });
    await expect(redirectTarget(action(null, formData({ handle: "@a", name: "A" })))).resolves.toBe("/sign-in?callbackUrl=%2Fdashboard");
    expect(seen).toEqual([]);
  });

  it("works the return path out from what was sent, before it is parsed", async () => {
    signedOut();
    const { action } = renameAction({ returnTo: (submitted) => `/report/${encodeURIComponent(submittedText(submitted, "handle"))}` });
    await expect(redirectTarget(action(null, formData({ handle: "@a b" })))).resolves.toBe(
      `/sign-in?${new URLSearchParams({ callbackUrl: "/report/%40a%20b" })}`,
    );
  });

  it("answers a signed-out visitor with the given refusal instead, when there is one", async () => {
    signedOut();
    const { action, seen } = renameAction({ signedOut: (submitted) => fail(`Sign in to rename ${submittedText(submitted, "handle")}.`) });
    await expect(action(null, formData({ handle: "@a", name: "A" }))).resolves.toEqual({ ok: false, message: "Sign in to rename @a." });
    expect(seen).toEqual([]);
  });

  it("hands the body the signed-in viewer, the parsed input and the form", async () => {
    signedIn();
    const { action, seen } = renameAction();
    const form = formData({ handle: "@agent", name: "  Ada's  ", other: "ignored" });
    await expect(action(null, form)).resolves.toEqual({ ok: true, data: { renamed: "@agent" }, message: "Renamed." });
    expect(seen).toEqual([{ viewer: { ...ada, isAdmin: false }, input: { handle: "@agent", name: "Ada's" }, form }]);
  });
});

describe("viewerAction: parsing", () => {
  it("refuses bad input with each problem next to its field, in the schema's words or plain English", async () => {
    signedIn();
    const { action, seen } = renameAction();
    await expect(action(null, formData({ handle: "x", name: "far too long a name" }))).resolves.toEqual({
      ok: false,
      message: "Check the highlighted fields.",
      fieldErrors: { handle: ["Name an agent."], name: ["Use at most 10 characters."] },
    });
    await expect(action(null, formData({}))).resolves.toEqual({
      ok: false,
      message: "Check the highlighted fields.",
      fieldErrors: { handle: ["This is required."], name: ["This is required."] },
    });
    expect(seen).toEqual([]);
  });

  it("uses the action's summary, or its whole refusal, for input that does not parse", async () => {
    signedIn();
    const summarised = renameAction({ invalid: "No agent was named." }).action;
    await expect(summarised(null, formData({ name: "A" }))).resolves.toMatchObject({
      ok: false,
      message: "No agent was named.",
      fieldErrors: { handle: ["This is required."] },
    });
    const worded = renameAction({ invalid: (error, submitted) => fail(`${error.issues.length} problem with ${submittedText(submitted, "name")}.`) }).action;
    await expect(worded(null, formData({ name: "A" }))).resolves.toEqual({ ok: false, message: "1 problem with A." });
  });

  it("reads a name sent more than once as a list", async () => {
    signedIn();
    const { action, seen } = renameAction();
    const form = formData({ handle: "@agent", name: "A" });
    form.append("tags", "x");
    form.append("tags", "y");
    await action(null, form);
    expect(seen[0]?.input.tags).toEqual(["x", "y"]);
  });

  it("parses a plain object when called with arguments, and refuses other values in words", async () => {
    signedIn();
    const { action, seen } = renameAction();
    await expect(action({ handle: "@agent", name: "A" })).resolves.toMatchObject({ ok: true });
    expect(seen[0]).toMatchObject({ input: { handle: "@agent", name: "A" }, form: null });
    await expect(action("@agent")).resolves.toEqual({
      ok: false,
      message: "Check the highlighted fields.",
      fieldErrors: { "": ["This must be a set of fields."] },
    });
  });

  it("answers nothing to a plain form post, which has nowhere to show an answer, but still acts", async () => {
    signedIn();
    const { action, seen } = renameAction();
    await expect(action(formData({ handle: "@agent", name: "A" }))).resolves.toBeUndefined();
    expect(seen).toHaveLength(1);
  });
});

describe("viewerAction: what goes through as thrown", () => {
  beforeEach(signedIn);

  it("lets a redirect in the body through", async () => {
    const action = viewerAction(renameInput, async (_viewer, input) => redirect(`/agents/${input.handle}`));
    await expect(redirectTarget(action(null, formData({ handle: "ab", name: "A" })))).resolves.toBe("/agents/ab");
  });

  it("lets notFound through", async () => {
    const action = viewerAction(renameInput, async () => notFound());
    await expect(action(null, formData({ handle: "ab", name: "A" }))).rejects.toMatchObject({ digest: "NEXT_HTTP_ERROR_FALLBACK;404" });
  });

  it("lets a bug through instead of answering with a success", async () => {
    const bug = new TypeError("boom");
    const action = viewerAction(renameInput, async () => {
      throw bug;
    });
    await expect(action(null, formData({ handle: "ab", name: "A" }))).rejects.toBe(bug);
  });
});

describe("publicAction", () => {
  it("parses and answers without asking who is there", async () => {
    const action = publicAction(z.object({ email: z.email() }), async (input) => okMessage(`Sent to ${input.email}.`));
    await expect(action(null, formData({ email: "ada@example.com" }))).resolves.toEqual({ ok: true, data: undefined, message: "Sent to ada@example.com." });
    await expect(action(null, formData({ email: "ada" }))).resolves.toEqual({
      ok: false,
      message: "Check the highlighted fields.",
      fieldErrors: { email: ["Enter an email address like name@example.com."] },
    });
    expect(auth).not.toHaveBeenCalled();
  });

  it("lets a redirect through", async () => {
    const action = publicAction(z.object({}), async () => redirect("/"));
    await expect(redirectTarget(action(formData({})))).resolves.toBe("/");
  });
});
