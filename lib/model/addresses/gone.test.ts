import { afterAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { db } from "@/lib/foundations/db/client";
import { minimalAgentFile, minimalCapability } from "@/lib/model/agent-file/fixtures";
import { proxy } from "@/proxy";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { deleteAgent } from "@/lib/domain/agents/delete-agent";
import { goneAnswer, goneTargetOf } from "./gone";

const run = randomUUID().slice(0, 8);
const h = `@gone-${run}`;

afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: h } });
  await db.deletedAgent.deleteMany({ where: { handle: h } });
  await db.user.deleteMany({ where: { email: `gone-${run}@versions.test` } });
});

describe("goneTargetOf", () => {
  it("finds the handle of every public address of an agent, and nothing else", () => {
    expect(goneTargetOf("/services/@a-b/cap_x")).toEqual({ handle: "@a-b", kind: "page" });
    expect(goneTargetOf("/agents/%40a-b")).toEqual({ handle: "@a-b", kind: "page" });
    expect(goneTargetOf("/api/v1/agents/@a-b/agent.json")).toEqual({ handle: "@a-b", kind: "api" });
    expect(goneTargetOf("/api/v1/services/@a-b/cap_x")).toEqual({ handle: "@a-b", kind: "api" });
    expect(goneTargetOf("/badges/@a-b/cap_x")).toEqual({ handle: "@a-b", kind: "image" });
    expect(goneTargetOf("/api/v1/services")).toBeNull();
    expect(goneTargetOf("/dashboard/agents/@a-b/versions")).toBeNull();
    expect(goneTargetOf("/")).toBeNull();
  });

  it("says when the agent was deleted, in plain words", () => {
    const answer = goneAnswer("@a-b", new Date("2027-01-03T10:00:00Z"), "page");
    expect(answer.contentType).toContain("text/html");
    expect(answer.body).toContain("This agent was deleted by its publisher on 3 January 2027.");
    expect(JSON.parse(goneAnswer("@a-b", new Date("2027-01-03T10:00:00Z"), "api", "/api/v1/agents/@a-b").body)).toMatchObject({
      status: 410,
      title: "Gone",
      instance: "/api/v1/agents/@a-b",
    });
  });
});

describe("proxy", () => {
  it("answers 410 for a deleted agent's pages and API reads, and passes them on once its owner imports it again", async () => {
    const owner = await db.user.create({ data: { email: `gone-${run}@versions.test` }, select: { id: true } });
    const text = JSON.stringify(
      minimalAgentFile({ agent: { handle: h, display_name: "Gone", purpose: "Goes." }, capabilities: [minimalCapability({ capability_id: "cap_gone" })] }),
    );
    await importAgentFile({ text, ownerId: owner.id, publish: true });
    const ask = (path: string) => proxy(new NextRequest(`http://127.0.0.1${path}`));
    expect((await ask(`/services/${h}/cap_gone`)).status).toBe(200);

    expect((await deleteAgent(owner, h, h)).ok).toBe(true);
    const page = await ask(`/services/${h}/cap_gone`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("This agent was deleted by its publisher on");
    expect((await ask(`/agents/${h}`)).status).toBe(410);
    const api = await ask(`/api/v1/agents/${h}`);
    expect(api.status).toBe(410);
    expect(api.headers.get("content-type")).toContain("application/problem+json");
    expect((await ask(`/badges/${h}/cap_gone`)).status).toBe(410);

    await importAgentFile({ text, ownerId: owner.id, publish: true });
    expect((await ask(`/services/${h}/cap_gone`)).status).toBe(200);
  });
});
