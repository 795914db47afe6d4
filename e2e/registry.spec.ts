import { createServer } from "node:http";
import { once } from "node:events";
import { test, expect } from "@playwright/test";
import { signInByEmail, uniqueEmail } from "./helpers";

// Issue #14 in Chromium: a GA4GH registry agent entry pasted into the import opens a draft with its banner;
// completed and published, the agent's page shows the registry record as a cache, the worker re-syncs it from
// a loopback agent-info endpoint, and a failed "Sync now" keeps the snapshot and says so. The export answers.

test("a GA4GH entry becomes a draft, then an agent with a registry record that the worker re-syncs", async ({ page, request }) => {
  test.setTimeout(150_000);
  const handle = `@consent-${Date.now().toString(36)}`;
  // The live agent-info endpoint, on loopback: it reports a new trust level, later something that is not JSON.
  let answer = { status: 200, type: "application/json", body: "" };
  const live = {
    protocol_version: "0.6.0",
    agent_type: "governance-assistant",
    trust_level: "clinical-grade",
    enrichment: { trust_tier: "clinical", gasl_level: 3 },
  };
  answer.body = JSON.stringify(live);
  const server = createServer((_req, res) => void res.writeHead(answer.status, { "content-type": answer.type }).end(answer.body));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const agentInfoUri = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/service-info`;

  try {
    const entry = {
      id: handle.slice(1),
      type: "agent",
      name: "Consent Checker",
      summary: "Checks a research request against each cohort's data-use conditions.",
      description: "Reads DUO codes and says, per cohort, whether the purpose is permitted.",
      homepage: "https://consent.example.org/",
      repository: "https://github.com/example/consent",
      license: "MIT",
      maintainers: [{ name: "Ada Steward", github: "adasteward" }],
      version: "1.2.0",
      keywords: ["consent"],
      category: "data-access-governance",
      safety_classification: [{ scheme: "ga4gh-agent-runtime-risk", level: "1", source: "synced-from-endpoint" }],
      certification_tier: "unsigned",
      record: { created: "2026-07-01T00:00:00Z", updated: "2026-09-20T12:00:00Z", last_verified: "2026-09-21T08:30:00Z" },
      agent_info_uri: agentInfoUri,
      agent_info_snapshot: {
        protocol_version: "0.5.0",
        agent_type: "governance-assistant",
        trust_level: "registered",
        guardrails_enabled: ["no-data-egress"],
        delegation_support: { max_depth: 0 },
        audit_retention_days: 180,
        last_synced: "2026-09-22T06:00:00Z",
        enrichment: { trust_tier: "registered", gasl_level: 1 },
      },
    };
    await signInByEmail(page, uniqueEmail("registry"), "/dashboard/import");
    await page.getByLabel("agent.json").fill(JSON.stringify(entry, null, 2));
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page).toHaveURL(/\/dashboard\/drafts\/[^/]+$/);
    const banner = page.getByRole("region", { name: /^Imported from a GA4GH registry entry — complete: adapter\.endpoint/ });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("capabilities[0].class");
    await expect(banner).toContainText(agentInfoUri);
    // The entry's maintainers fill the editor's field (agent.json has no place for them); the export keeps them.
    await expect(page.getByLabel("Maintainers for the GA4GH registry entry")).toHaveValue("Ada Steward, adasteward");

    // Completed in the JSON view: the demo adapters' lengths tool, so the worker's sample test stays on loopback.
    const demo = (await (await request.get("/api/v1/agents/@unit-forge/agent.json")).json()) as {
      adapter: { endpoint: string };
      capabilities: { tool: string }[];
    };
    const lengths = demo.capabilities.find((c) => c.tool === "convert_length");
    const completed = {
      ekl: "1.0",
      mode: "service_provider",
      execution_mode: "storage_free",
      agent: { handle, display_name: entry.name, purpose: entry.summary, interests: entry.keywords, website: entry.homepage },
      adapter: { endpoint: demo.adapter.endpoint },
      defaults: { data: { inputs: { retention: "none" }, results: { retention: "none" }, used_for_training: false } },
      capabilities: [{ ...lengths, name: "Consent lengths" }],
    };
    const json = page.locator(".cm-content");
    await json.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.insertText(JSON.stringify(completed, null, 2));
    await expect(page.locator("#editor-result")).toContainText("No problems: the draft would import.");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\?from-editor=/);

    // The panel, visibly a cache; the worker soon replaces the entry's snapshot with the live one.
    await page.goto(`/agents/${handle}`);
    const panel = page.getByRole("region", { name: "Registry record" });
    await expect(panel).toContainText(`Mirrored from ${agentInfoUri}, last synced`);
    await expect(panel).toContainText("— not a live reading");
    await expect(async () => {
      await page.reload();
      await expect(panel).toContainText("clinical-grade", { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(panel).toContainText("Level 3 of 4 — high risk");
    await expect(panel).toContainText("(today)");

    const exported = await request.get(`/api/v1/agents/${handle}/ga4gh-entry.json`);
    expect(exported.status()).toBe(200);
    expect(await exported.json()).toMatchObject({
      id: entry.id,
      license: "MIT",
      agent_info_uri: agentInfoUri,
      agent_info_snapshot: { trust_level: "clinical-grade" },
    });

    // Sync now, against an endpoint that no longer answers JSON: the old snapshot stays, and the page says so.
    answer = { status: 200, type: "text/html", body: "<html>maintenance</html>" };
    await panel.getByRole("link", { name: /Sync now/ }).click();
    await expect(page.getByRole("heading", { name: "Registry record: Consent Checker" })).toBeVisible();
    await page.getByRole("button", { name: "Sync now" }).click();
    await expect(page.locator("#sync-now-message")).toContainText("Sync queued");
    await expect(async () => {
      await page.goto(`/agents/${handle}`);
      await expect(page.getByRole("status").filter({ hasText: /^Last sync failed/ })).toContainText("did not answer with JSON; showing the snapshot of", {
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(panel).toContainText("clinical-grade");
  } finally {
    server.close();
    server.closeAllConnections();
  }
});
