// Test-only: the listing writes e2e/production-topology.spec.ts makes, through the same functions as the
// dashboard and the administrator's moderation. Each commits (and announces itself) before this exits:
//   tsx --conditions=react-server e2e/topology-writes.ts import <owner email> <handle> <name> <word> <general|mature>
//   tsx --conditions=react-server e2e/topology-writes.ts suspend|reinstate <admin email> <handle> <capability id>
//   tsx --conditions=react-server e2e/topology-writes.ts publish|unpublish <owner email> <handle>
import { db } from "../lib/foundations/db/client";
import { importAgentFile } from "../lib/domain/publishing/import-agent";
import { setAgentPublished } from "../lib/domain/agents/publishing";
import { reinstateListing, suspendListing } from "../lib/domain/moderation/decisions";

const [command, email, handleArg, ...rest] = process.argv.slice(2);
if (!command || !email || !handleArg) throw new Error("usage: topology-writes.ts <command> <email> <handle> …");
const handle: string = handleArg;
const user = await db.user.upsert({ where: { email }, create: { email }, update: {}, select: { id: true, email: true } });
const admin = { ...user, name: null, dateOfBirth: null, showMature: false, isAdmin: true };

async function write(): Promise<{ ok: boolean; message?: string }> {
  switch (command) {
    case "import": {
      const [name, word, rating] = rest;
      if (!name || !word || (rating !== "general" && rating !== "mature")) throw new Error("import needs <name> <word> <general|mature>");
      const text = JSON.stringify({
        ekl: "1.0",
        mode: "service_provider",
        execution_mode: "storage_free",
        agent: { handle, display_name: "Topology Fixture", purpose: "Holds the listing the production topology test changes." },
        adapter: { endpoint: "https://topology.example.com/mcp" },
        capabilities: [
          {
            tool: "topology_listing",
            name,
            summary: `${name}: finds ${word} for the production topology test.`,
            category: "travel.tides",
            limitations: "Test fixture only.",
            class: "read_only",
            ...(rating === "mature" ? { content_rating: "mature", mature_reasons: ["alcohol"] } : {}),
          },
        ],
      });
      return importAgentFile({ text, ownerId: user.id, publish: true });
    }
    case "suspend":
      return suspendListing(admin, { handle, capabilityId: rest[0] ?? "" }, "The production topology test suspends it.");
    case "reinstate":
      return reinstateListing(admin, { handle, capabilityId: rest[0] ?? "" }, null);
    case "publish":
    case "unpublish":
      return setAgentPublished(user, handle, command === "publish");
    default:
      throw new Error(`unknown command ${command}`);
  }
}

const result = await write();
await db.$disconnect();
if (!result.ok) throw new Error(`${command} ${handle} failed: ${JSON.stringify(result)}`);
