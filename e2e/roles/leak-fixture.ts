// Test-only: imports the leak fixture for publisher A and suspends one listing through the real
// moderation function. Run by the setup project: tsx --conditions=react-server e2e/roles/leak-fixture.ts <email> <adminEmail>
import { db } from "../../lib/foundations/db/client";
import { importAgentFile } from "../../lib/domain/publishing/import-agent";
import { suspendListing } from "../../lib/domain/moderation/decisions";
import { leak } from "./roles";

const [email, adminEmail] = process.argv.slice(2);
if (!email || !adminEmail) throw new Error("usage: leak-fixture.ts <publisher email> <admin email>");

const owner = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
const capability = (tool: string, name: string, extra: object) => ({
  tool,
  name,
  summary: `${name}: a listing the leak suite looks for.`,
  category: "travel.tides",
  limitations: "Test fixture only.",
  class: "read_only",
  ...extra,
});
const text = JSON.stringify({
  ekl: "1.0",
  mode: "service_provider",
  execution_mode: "storage_free",
  agent: { handle: leak.handle, display_name: "Leak Fixture", purpose: "Holds the listings the leak suite checks." },
  adapter: { endpoint: "https://leak.example.com/mcp" },
  capabilities: [
    capability("leak_public", leak.publicName, {}),
    // Tags only the hidden listings carry: the agents' directory must not find the agent by them.
    capability("leak_mature", leak.matureName, { content_rating: "mature", mature_reasons: ["alcohol"], tags: [leak.matureTag] }),
    capability("leak_suspended", leak.suspendedName, { tags: [leak.suspendedTag] }),
  ],
});
const result = await importAgentFile({ text, ownerId: owner.id, publish: true });
if (!result.ok) throw new Error(`leak fixture does not import: ${JSON.stringify(result)}`);
const admin = await db.user.upsert({ where: { email: adminEmail }, create: { email: adminEmail }, update: {}, select: { id: true, email: true } });
const suspended = await suspendListing(
  { ...admin, name: null, dateOfBirth: null, showMature: false, isAdmin: true },
  { handle: leak.handle, capabilityId: leak.suspendedId },
  leak.suspendedReason,
);
if (!suspended.ok && suspended.message !== "That listing is already suspended.") throw new Error(suspended.message);
await db.$disconnect();
