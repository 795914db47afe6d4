import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"));

import { GET } from "@/app/dashboard/agents/[handle]/analytics.csv/route";
import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { session } from "@/lib/testing/viewer-stub";
import { CSV_HEADER, analyticsCsv, csvField } from "./csv";
import { latencyBucket } from "./latency-histogram";
import { analyticsWindow } from "./outcomes";

afterAll(cleanUpTestRows);
beforeEach(() => {
  session.viewer = null;
});

function get(handle: string, query = ""): Promise<Response> {
  const param = encodeURIComponent(handle);
  return GET(new Request(`http://127.0.0.1/dashboard/agents/${param}/analytics.csv${query}`), { params: Promise.resolve({ handle: param }) });
}

describe("CSV fields", () => {
  it("quotes a field with a comma, a quote or a line break, doubling its quotes, and leaves others and numbers as they are", () => {
    expect(csvField("plain name")).toBe("plain name");
    expect(csvField("a, b")).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rhere")).toBe('"cr\rhere"');
    expect(csvField(42)).toBe("42");
    expect(csvField(null)).toBe("");
    expect(analyticsCsv([])).toBe(`${CSV_HEADER.join(",")}\r\n`);
  });
});

describe("the analytics CSV download", () => {
  it("is refused signed out (401) and to anyone but the owner (404, as for a handle that does not exist)", async () => {
    const [owner, other] = await Promise.all([createTestUser(), createTestUser()]);
    const agent = await createTestAgent({ ownerId: owner.id, capabilities: [{ capabilityId: "cap_alpha" }] });
    const cap = agent.capabilities[0];
    if (!cap) throw new Error("fixture");
    await db.execution.create({ data: { capabilityId: cap.id, status: "succeeded", durationMs: 10, argumentsSha256: "0".repeat(64) } });

    const signedOut = await get(agent.handle);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).not.toContain("cap_alpha");

    session.viewer = other;
    const foreign = await get(agent.handle);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain("cap_alpha");
    expect((await get("@no-such-agent-here")).status).toBe(404);

    session.viewer = owner;
    expect((await get(agent.handle, "?service=cap_missing")).status).toBe(404);
    expect((await get(agent.handle)).status).toBe(200);
  });

  it("is an attachment with a header and one quoted row per day × service, counting today's run", async () => {
    const owner = await createTestUser();
    const agent = await createTestAgent({
      ownerId: owner.id,
      capabilities: [
        { capabilityId: "cap_alpha", name: 'Alpha, "the first"' },
        { capabilityId: "cap_beta", name: "Beta" },
      ],
    });
    const [alpha] = agent.capabilities;
    if (!alpha) throw new Error("fixture");
    await db.execution.createMany({
      data: [
        { capabilityId: alpha.id, status: "succeeded", durationMs: 120, finishedAt: new Date(), argumentsSha256: "0".repeat(64) },
        { capabilityId: alpha.id, status: "timed_out", durationMs: 480, finishedAt: new Date(), argumentsSha256: "0".repeat(64) },
      ],
    });
    session.viewer = owner;
    const response = await get(agent.handle);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv; charset=utf-8/);
    const { lastDay } = analyticsWindow(new Date());
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="analytics-${agent.handle.slice(1)}-${lastDay}.csv"`);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toBe(
      "date_utc,service_id,service_name,runs,succeeded,tool_error,failed,timed_out,payment_required,cancelled,outcome_unknown,running,p50_ms,p95_ms",
    );
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(1 + 60 + 1);
    const alphaLine = lines.find((l) => l.startsWith(`${lastDay},cap_alpha,"Alpha, ""the first""",2,1,0,0,1,0,0,0,0,`));
    // Exactly p50 300 and p95 462 ms; the rollup's histogram answers within a bucket (whole ms).
    const [p50, p95] = (alphaLine ?? "").split(",").slice(-2).map(Number);
    expect(Math.abs(latencyBucket(p50 ?? 0) - latencyBucket(300))).toBeLessThanOrEqual(1);
    expect(Math.abs(latencyBucket(p95 ?? 0) - latencyBucket(462))).toBeLessThanOrEqual(1);
    expect(lines).toContain(`${lastDay},cap_beta,Beta,0,0,0,0,0,0,0,0,0,,`);

    const filtered = await get(agent.handle, "?service=cap_beta");
    expect(filtered.headers.get("content-disposition")).toContain(`-cap_beta-${lastDay}.csv`);
    const rows = (await filtered.text()).trim().split("\r\n").slice(1);
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.split(",")[1] === "cap_beta")).toBe(true);
  });
});
