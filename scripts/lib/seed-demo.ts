// Seeds the demo network: every demo/agents/*.json imported and published for the demo publisher,
// with endpoints pointed at wherever the demo adapters listen. Idempotent: re-running replaces.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { db } from "../../lib/foundations/db/client";
import { importAgentFile } from "../../lib/domain/publishing/import-agent";
import { sealSecret } from "../../lib/foundations/secrets";
import { findAgentByHandle } from "../../lib/model/catalog/agent-handles";
import { projectRoot } from "./database";

export const DEMO_PUBLISHER_EMAIL = "demo-publisher@explore.localhost";
const DEMO_ORIGIN = "http://127.0.0.1:4510";

/** The demo's Stripe-verified agent and its signing secret (docs/payments.md, "Try it locally"): demo only. */
export const DEMO_STRIPE_AGENT = { handle: "@demo-homes", signingSecret: "whsec_demo_homes_local_only" } as const;

export async function isDemoSeeded(): Promise<boolean> {
  return (await db.user.count({ where: { email: DEMO_PUBLISHER_EMAIL } })) > 0;
}

export async function seedDemoNetwork(adaptersUrl: string): Promise<number> {
  const owner = await db.user.upsert({
    where: { email: DEMO_PUBLISHER_EMAIL },
    create: { email: DEMO_PUBLISHER_EMAIL, name: "Demo publisher", emailVerified: new Date() },
    update: {},
    select: { id: true },
  });
  const dir = path.join(projectRoot, "demo/agents");
  const files = (await readdir(dir)).filter((f) => f.endsWith(".json")).sort();
  const origin = adaptersUrl.replace(/\/$/, "");
  for (const file of files) {
    const text = (await readFile(path.join(dir, file), "utf8")).replaceAll(DEMO_ORIGIN, origin);
    const result = await importAgentFile({ text, ownerId: owner.id, publish: true });
    if (!result.ok) {
      const lines = result.errors.map((e) => `  ${e.path || "/"}: ${e.message}`).join("\n");
      throw new Error(`demo/agents/${file} does not import: ${result.message}\n${lines}`);
    }
  }
  const agentId = (await findAgentByHandle(DEMO_STRIPE_AGENT.handle))?.rowId ?? null;
  if (!agentId) throw new Error(`The demo agent ${DEMO_STRIPE_AGENT.handle} was not imported.`);
  const secretCiphertext = sealSecret(DEMO_STRIPE_AGENT.signingSecret, agentId);
  await db.stripeWebhook.upsert({ where: { agentId }, create: { agentId, secretCiphertext }, update: { secretCiphertext } });
  return files.length;
}
