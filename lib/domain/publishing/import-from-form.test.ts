import { afterAll, describe, expect, it, vi } from "vitest";
import type { Viewer } from "@/lib/model/accounts/viewer";

// The dashboard's import form, through its action against a real (throw-away) database: the form is read
// by the action's schema, the document imported for the viewer. Only the viewer and Next's cache are stand-ins.

// Many imports by the same people: the imports limit (lib/foundations/rate-limits) is not what is tested here.
vi.hoisted(() => vi.stubEnv("RATE_LIMIT_IMPORTS", "1000000/1h"));
vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

import { db } from "@/lib/foundations/db/client";
import { MAX_AGENT_FILE_BYTES as agentFileLimit } from "@/lib/model/agent-file";
import { minimalAgentFile, minimalCapability } from "@/lib/model/agent-file/fixtures";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { formData } from "@/lib/testing/form-data";
import { importAgentAction } from "@/lib/domain/publishing/entry-actions";
import { MAX_AGENT_FILE_BYTES, TOO_LARGE_SUMMARY } from "./import-form-state";
import { session } from "@/lib/testing/viewer-stub";

const handles: string[] = [];

afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: { in: handles } } });
  await cleanUpTestRows();
});

function documentFor(capabilities = [minimalCapability()]): { handle: string; text: string } {
  const handle = uniqueHandle("f");
  handles.push(handle);
  return {
    handle,
    text: JSON.stringify(minimalAgentFile({ agent: { handle, display_name: "Form", purpose: "Tests the form." }, capabilities })),
  };
}

const emptyFile = new File([], "", { type: "application/octet-stream" });

function importAgentFromForm(viewer: Viewer, form: FormData) {
  session.viewer = viewer;
  return importAgentAction(null, form);
}

describe("the import form", () => {
  it("uses the agent-file room's size limit", () => {
    expect(MAX_AGENT_FILE_BYTES).toBe(agentFileLimit);
  });

  it("imports pasted text, unpublished unless asked", async () => {
    const viewer = await createTestUser();
    const { handle, text } = documentFor();
    const state = await importAgentFromForm(viewer, formData({ text, file: emptyFile }));
    expect(state).toEqual({ ok: true, data: { handle, replaced: false, published: false, text } });
    const row = await db.agent.findUniqueOrThrow({ where: { handle }, select: { ownerId: true, status: true } });
    expect(row).toEqual({ ownerId: viewer.id, status: "unpublished" });
  });

  it("imports an uploaded file and publishes right away when asked", async () => {
    const viewer = await createTestUser();
    const { handle, text } = documentFor();
    const file = new File([text], "agent.json", { type: "application/json" });
    const state = await importAgentFromForm(viewer, formData({ text: "", file, publish: "on" }));
    expect(state).toMatchObject({ ok: true, data: { handle, published: true, text } });
  });

  it("lists the document's problems with their JSON paths and keeps the text", async () => {
    const viewer = await createTestUser();
    const { handle, text } = documentFor([minimalCapability(), minimalCapability({ tool: "other", content_rating: "mature" })]);
    const state = await importAgentFromForm(viewer, formData({ text }));
    expect(state.ok).toBe(false);
    if (state.ok) return;
    expect(state.details?.text).toBe(text);
    const errors = state.details?.errors ?? [];
    expect(errors.map((e) => e.path)).toContain("/capabilities/1/mature_reasons");
    expect(errors.every((e) => e.message.length > 0)).toBe(true);
    expect(await db.agent.count({ where: { handle } })).toBe(0);
  });

  it("asks for a document when nothing was given", async () => {
    const viewer = await createTestUser();
    const state = await importAgentFromForm(viewer, formData({ text: "   ", file: emptyFile }));
    expect(state).toMatchObject({ ok: false, fieldErrors: { text: [expect.any(String)] }, details: { errors: [] } });
  });

  it("refuses a file or text over 512 KB before parsing", async () => {
    const viewer = await createTestUser();
    const big = "x".repeat(MAX_AGENT_FILE_BYTES + 1);
    const fromFile = await importAgentFromForm(viewer, formData({ text: "{}", file: new File([big], "big.json") }));
    expect(fromFile).toMatchObject({ ok: false, fieldErrors: { file: [expect.stringContaining("512 KB")] }, details: { text: "{}" } });
    const fromText = await importAgentFromForm(viewer, formData({ text: big }));
    expect(fromText).toMatchObject({ ok: false, fieldErrors: { text: [expect.stringContaining("512 KB")] } });
  });

  it("refuses a form it cannot read in words, keeping what was pasted, and imports nothing", async () => {
    const viewer = await createTestUser();
    const { handle, text } = documentFor();
    const state = await importAgentFromForm(viewer, formData({ text, publish: "yes" }));
    expect(state).toEqual({
      ok: false,
      message: "The form could not be read; nothing was imported.",
      details: { errors: [], text },
    });
    expect(await db.agent.count({ where: { handle } })).toBe(0);
  });

  it("refuses a handle another publisher owns", async () => {
    const first = await createTestUser();
    const second = await createTestUser();
    const { handle, text } = documentFor();
    expect((await importAgentFromForm(first, formData({ text }))).ok).toBe(true);
    const state = await importAgentFromForm(second, formData({ text }));
    expect(state).toMatchObject({ ok: false, details: { errors: [{ path: "/agent/handle" }] } });
    expect((await db.agent.findUniqueOrThrow({ where: { handle }, select: { ownerId: true } })).ownerId).toBe(first.id);
  });

  it("says how large a 5 MB file or pasted text is, and what the limit is", async () => {
    const viewer = await createTestUser();
    const fiveMegabytes = "x".repeat(5 * 1024 * 1024);
    expect(await importAgentFromForm(viewer, formData({ text: "", file: new File([fiveMegabytes], "big.json") }))).toEqual({
      ok: false,
      message: TOO_LARGE_SUMMARY,
      fieldErrors: { file: ["The file is 5.0 MB; the limit is 512 KB."] },
      details: { errors: [], text: "" },
    });
    const state = await importAgentFromForm(viewer, formData({ text: "€".repeat(200_000) }));
    expect(state).toMatchObject({ ok: false, message: TOO_LARGE_SUMMARY, fieldErrors: { text: ["The pasted text is 586.0 KB; the limit is 512 KB."] } });
  });

  it("measures pasted text with the line breaks the person wrote, not the CRLF browsers send", async () => {
    const viewer = await createTestUser();
    const { handle, text } = documentFor();
    // Under the limit as written; over it once every line break is sent as CRLF.
    const padded = text.replace("{", "{" + "\n".repeat(MAX_AGENT_FILE_BYTES - Buffer.byteLength(text) - 10));
    expect(Buffer.byteLength(padded.replaceAll("\n", "\r\n"))).toBeGreaterThan(MAX_AGENT_FILE_BYTES);
    const state = await importAgentFromForm(viewer, formData({ text: padded.replaceAll("\n", "\r\n") }));
    expect(state).toMatchObject({ ok: true, data: { handle } });
  });

  it("lists a document nested 10,000 deep as one problem with its path, and imports nothing", async () => {
    const viewer = await createTestUser();
    const { handle, text } = documentFor();
    const deep = text.replace('"capabilities":[{', '"capabilities":[{"input_schema":' + '{"a":'.repeat(10_000) + "{}" + "}".repeat(10_000) + ",");
    const state = await importAgentFromForm(viewer, formData({ text: deep }));
    expect(state).toMatchObject({
      ok: false,
      message: "The agent.json has 1 problem; nothing was imported.",
      details: {
        errors: [
          {
            path: `/capabilities/0/input_schema${"/a".repeat(61)}`,
            message: "is nested too deeply: an agent.json may nest objects and lists at most 64 levels deep",
          },
        ],
      },
    });
    expect(await db.agent.count({ where: { handle } })).toBe(0);
  });

  it("asks before replacing one of the publisher's agents, changes nothing until answered, and replaces it once confirmed for that handle", async () => {
    const viewer = await createTestUser();
    const { handle, text } = documentFor();
    expect((await importAgentFromForm(viewer, formData({ text, publish: "on" }))).ok).toBe(true);
    const before = await db.agent.findUniqueOrThrow({ where: { handle }, select: { updatedAt: true, displayName: true, status: true } });
    const changed = text.replace('"display_name":"Form"', '"display_name":"Form, changed"');
    const asked = await importAgentFromForm(viewer, formData({ text: changed }));
    expect(asked).toEqual({
      ok: false,
      message: `You already have an agent ${handle} (published, with its services on Explore). Importing this document replaces it: its profile, services and plans become this one's.`,
      details: { errors: [], text: changed, confirm: { handle }, publish: false },
    });
    expect(await db.agent.findUniqueOrThrow({ where: { handle }, select: { updatedAt: true, displayName: true, status: true } })).toEqual(before);
    // A "yes" for another handle is no answer for this one.
    const other = await importAgentFromForm(viewer, formData({ text: changed, overwrite: "@someone-else" }));
    expect(other).toMatchObject({ ok: false, details: { confirm: { handle } } });
    const replaced = await importAgentFromForm(viewer, formData({ text: changed, overwrite: handle, publish: "on" }));
    expect(replaced).toMatchObject({ ok: true, data: { handle, replaced: true, published: true } });
    expect((await db.agent.findUniqueOrThrow({ where: { handle } })).displayName).toBe("Form, changed");
  });
});
