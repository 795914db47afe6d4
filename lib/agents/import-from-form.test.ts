import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { MAX_AGENT_FILE_BYTES as agentFileLimit } from "@/lib/agent-file";
import { minimalAgentFile, minimalCapability } from "@/lib/agent-file/fixtures";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { formData } from "@/lib/testing/form-data";
import { importAgentFromForm } from "./import-from-form";
import { MAX_AGENT_FILE_BYTES, TOO_LARGE_SUMMARY } from "./import-form-state";

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

describe("importAgentFromForm", () => {
  it("uses the agent-file room's size limit", () => {
    expect(MAX_AGENT_FILE_BYTES).toBe(agentFileLimit);
  });

  it("imports pasted text, unpublished unless asked", async () => {
    const viewer = await createTestUser();
    const { handle, text } = documentFor();
    const state = await importAgentFromForm(viewer, formData({ text, file: emptyFile }));
    expect(state).toEqual({ status: "imported", handle, replaced: false, published: false, text });
    const row = await db.agent.findUniqueOrThrow({ where: { handle }, select: { ownerId: true, status: true } });
    expect(row).toEqual({ ownerId: viewer.id, status: "unpublished" });
  });

  it("imports an uploaded file and publishes right away when asked", async () => {
    const viewer = await createTestUser();
    const { handle, text } = documentFor();
    const file = new File([text], "agent.json", { type: "application/json" });
    const state = await importAgentFromForm(viewer, formData({ text: "", file, publish: "on" }));
    expect(state).toMatchObject({ status: "imported", handle, published: true, text });
  });

  it("lists the document's problems with their JSON paths and keeps the text", async () => {
    const viewer = await createTestUser();
    const { handle, text } = documentFor([minimalCapability(), minimalCapability({ tool: "other", content_rating: "mature" })]);
    const state = await importAgentFromForm(viewer, formData({ text }));
    expect(state.status).toBe("invalid");
    if (state.status !== "invalid") return;
    expect(state.text).toBe(text);
    expect(state.errors.map((e) => e.path)).toContain("/capabilities/1/mature_reasons");
    expect(state.errors.every((e) => e.message.length > 0)).toBe(true);
    expect(await db.agent.count({ where: { handle } })).toBe(0);
  });

  it("asks for a document when nothing was given", async () => {
    const viewer = await createTestUser();
    const state = await importAgentFromForm(viewer, formData({ text: "   ", file: emptyFile }));
    expect(state).toMatchObject({ status: "invalid", fieldErrors: { text: [expect.any(String)] }, errors: [] });
  });

  it("refuses a file or text over 512 KB before parsing", async () => {
    const viewer = await createTestUser();
    const big = "x".repeat(MAX_AGENT_FILE_BYTES + 1);
    const fromFile = await importAgentFromForm(viewer, formData({ text: "{}", file: new File([big], "big.json") }));
    expect(fromFile).toMatchObject({ status: "invalid", fieldErrors: { file: [expect.stringContaining("512 KB")] }, text: "{}" });
    const fromText = await importAgentFromForm(viewer, formData({ text: big }));
    expect(fromText).toMatchObject({ status: "invalid", fieldErrors: { text: [expect.stringContaining("512 KB")] } });
  });

  it("refuses a handle another publisher owns", async () => {
    const first = await createTestUser();
    const second = await createTestUser();
    const { handle, text } = documentFor();
    expect((await importAgentFromForm(first, formData({ text }))).status).toBe("imported");
    const state = await importAgentFromForm(second, formData({ text }));
    expect(state).toMatchObject({ status: "invalid", errors: [{ path: "/agent/handle" }] });
    expect((await db.agent.findUniqueOrThrow({ where: { handle }, select: { ownerId: true } })).ownerId).toBe(first.id);
  });

  it("says how large a 5 MB file or pasted text is, and what the limit is", async () => {
    const viewer = await createTestUser();
    const fiveMegabytes = "x".repeat(5 * 1024 * 1024);
    expect(await importAgentFromForm(viewer, formData({ text: "", file: new File([fiveMegabytes], "big.json") }))).toEqual({
      status: "invalid",
      message: TOO_LARGE_SUMMARY,
      errors: [],
      fieldErrors: { file: ["The file is 5.0 MB; the limit is 512 KB."] },
      text: "",
    });
    const state = await importAgentFromForm(viewer, formData({ text: "€".repeat(200_000) }));
    expect(state).toMatchObject({ status: "invalid", message: TOO_LARGE_SUMMARY, fieldErrors: { text: ["The pasted text is 586.0 KB; the limit is 512 KB."] } });
  });

  it("measures pasted text with the line breaks the person wrote, not the CRLF browsers send", async () => {
    const viewer = await createTestUser();
    const { handle, text } = documentFor();
    // Under the limit as written; over it once every line break is sent as CRLF.
    const padded = text.replace("{", "{" + "\n".repeat(MAX_AGENT_FILE_BYTES - Buffer.byteLength(text) - 10));
    expect(Buffer.byteLength(padded.replaceAll("\n", "\r\n"))).toBeGreaterThan(MAX_AGENT_FILE_BYTES);
    const state = await importAgentFromForm(viewer, formData({ text: padded.replaceAll("\n", "\r\n") }));
    expect(state).toMatchObject({ status: "imported", handle });
  });

  it("lists a document nested 10,000 deep as one problem with its path, and imports nothing", async () => {
    const viewer = await createTestUser();
    const { handle, text } = documentFor();
    const deep = text.replace('"capabilities":[{', '"capabilities":[{"input_schema":' + '{"a":'.repeat(10_000) + "{}" + "}".repeat(10_000) + ",");
    const state = await importAgentFromForm(viewer, formData({ text: deep }));
    expect(state).toMatchObject({
      status: "invalid",
      message: "The agent.json has 1 problem; nothing was imported.",
      errors: [{ path: `/capabilities/0/input_schema${"/a".repeat(61)}`, message: "is nested too deeply: an agent.json may nest objects and lists at most 64 levels deep" }],
    });
    expect(await db.agent.count({ where: { handle } })).toBe(0);
  });
});
