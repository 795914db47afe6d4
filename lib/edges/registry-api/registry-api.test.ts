import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { parse as parseYaml } from "yaml";
import { GET as listGet } from "@/app/v0.1/servers/route";
import { GET as versionsGet } from "@/app/v0.1/servers/[serverName]/versions/route";
import { GET as versionGet } from "@/app/v0.1/servers/[serverName]/versions/[version]/route";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { setAgentPublished } from "@/lib/domain/agents/publishing";
import { deleteAgent } from "@/lib/domain/agents/delete-agent";
import { suspendListing } from "@/lib/domain/moderation/decisions";
import { writeListings } from "@/lib/model/catalog/listing-writes";
import { db } from "@/lib/foundations/db/client";
import { agentTag, CACHE_TAGS_HEADER, LIST_TAG } from "@/lib/model/addresses/cache-tags";
import { absoluteUrl } from "@/lib/foundations/site/origin";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { registryNamespace, serverNameOf } from "./names";
import { DELETED_DESCRIPTION, OFFICIAL_META, type ServerList, type ServerResponse } from "./servers";

// The MCP Registry API through its route handlers, on real PostgreSQL, every answer checked against the published
// server.json schema (2025-12-11) and the API document's response shapes (fixtures/README.md).

const fixtures = new URL("./fixtures/", import.meta.url);
const serverSchema = JSON.parse(readFileSync(new URL("server.schema.2025-12-11.json", fixtures), "utf8")) as { $schema: string };
const apiDocument = parseYaml(readFileSync(new URL("openapi.yaml", fixtures), "utf8")) as { $id: string };

// The schema says draft-07 ($schema); the API document is OpenAPI 3.1, whose schemas are JSON Schema 2020-12.
const draft07 = addFormats(new Ajv({ allErrors: true, strict: false }));
const validServerJson = draft07.compile(serverSchema);
const ajv2020 = addFormats(new Ajv2020({ allErrors: true, strict: false }));
ajv2020.addSchema(apiDocument, "api");
const validServerList = ajv2020.getSchema("api#/components/schemas/ServerList")!;
const validServerResponse = ajv2020.getSchema("api#/components/schemas/ServerResponse")!;
const validError = ajv2020.compile({ type: "object", required: ["error"], properties: { error: { type: "string", minLength: 10 } } });

// Handles of this run only, found with `search`; the database is shared with other test files.
const run = randomUUID().replace(/-/g, "").slice(0, 6);
const h = (name: string) => `@rg${run}-${name}`;
const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

let owner: Viewer;
let admin: Viewer;

function expectValid(validate: { (data: unknown): boolean; errors?: unknown }, data: unknown): void {
  const ok = validate(data);
  expect(ok ? null : validate.errors).toBeNull();
}

async function call(path: string): Promise<Response> {
  const url = new URL(path, "http://127.0.0.1:3000");
  const init = { headers: { "x-forwarded-for": address } };
  const parts = url.pathname.split("/").slice(3); // after /v0.1/servers
  const request = new Request(url, init);
  if (parts.length === 0) return listGet(request);
  // As Next hands the segment over: percent-decoded, except "%2F", which it leaves.
  const serverName = decodeURIComponent(parts[0]!.replace(/%2F/gi, "%252F"));
  if (parts.length === 2) return versionsGet(request, { params: Promise.resolve({ serverName }) });
  return versionGet(request, { params: Promise.resolve({ serverName, version: decodeURIComponent(parts[2]!) }) });
}

async function list(query: string): Promise<ServerList> {
  const response = await call(`/v0.1/servers?${query}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as ServerList;
  expectValid(validServerList, body);
  for (const entry of body.servers) {
    expectValid(validServerJson, entry.server);
    expectValid(validServerResponse, entry);
  }
  return body;
}

/** Every page of a listing, following nextCursor; `between` runs after each page but the last. */
async function allPages(query: string, between: (page: number) => Promise<void> = async () => {}): Promise<ServerResponse[]> {
  const seen: ServerResponse[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const body = await list(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    seen.push(...body.servers);
    expect(body.metadata.count).toBe(body.servers.length);
    cursor = body.metadata.nextCursor;
    if (!cursor) return seen;
    await between(page);
  }
  throw new Error("paging did not end");
}

const encoded = (handle: string) => encodeURIComponent(serverNameOf(handle));
const names = (servers: ServerResponse[]) => servers.map((s) => s.server.name);
const search = `search=rg${run}-`;

/** A listing write as the app makes them: the change and the agents it changed, in one transaction. */
async function write(agentId: string, change: (tx: Parameters<Parameters<typeof writeListings>[0]>[0]) => Promise<unknown>): Promise<void> {
  await writeListings(async (tx, wrote) => {
    await change(tx);
    wrote(agentId);
    return { ok: true };
  });
}

async function publishedAgent(name: string, extra: Parameters<typeof createTestAgent>[0]["capabilities"] = undefined) {
  const agent = await createTestAgent({ ownerId: owner.id, handle: h(name), ...(extra ? { capabilities: extra } : {}) });
  await write(agent.id, async () => {});
  return agent;
}

beforeAll(async () => {
  owner = await createTestUser();
  admin = await createTestUser({ isAdmin: true });
});

afterAll(async () => {
  await db.registryServer.deleteMany({ where: { handle: { startsWith: `@rg${run}-` } } });
  await db.deletedAgent.deleteMany({ where: { handle: { startsWith: `@rg${run}-` } } });
  // The imported agent is not one of the fixtures' own rows.
  await db.agent.deleteMany({ where: { handle: { startsWith: `@rg${run}-` } } });
  await cleanUpTestRows();
});

describe("servers", () => {
  it("an imported, published agent is one server.json: Explore's host reversed and the handle, the gateway as its remote", async () => {
    const handle = h("import");
    const text = JSON.stringify({
      ekl: "1.0",
      mode: "service_provider",
      execution_mode: "storage_free",
      agent: { handle, display_name: "Registry converters", purpose: "Converts units for the registry tests. ".repeat(5).trim(), languages: ["en"] },
      adapter: { endpoint: "https://mcp.example.test/mcp" },
      capabilities: [
        {
          tool: "miles",
          name: "Miles converter",
          summary: "Converts miles.",
          category: "utilities.conversion",
          limitations: "Test rows only.",
          class: "read_only",
        },
      ],
    });
    const imported = await importAgentFile({ text, ownerId: owner.id, publish: true });
    if (!imported.ok) throw new Error(JSON.stringify(imported));
    const version = await db.agentVersion.findFirstOrThrow({ where: { agent: { handle }, published: true }, orderBy: { number: "desc" } });

    const body = await list(`search=${encodeURIComponent(handle.slice(1).toUpperCase())}`);
    expect(body.servers).toHaveLength(1);
    const [entry] = body.servers;
    const origin = new URL(absoluteUrl("/")).hostname.split(".").reverse().join(".");
    expect(entry!.server).toMatchObject({
      name: `${origin}/${handle.slice(1)}`,
      title: "Registry converters",
      version: String(version.number),
      websiteUrl: absoluteUrl(`/agents/${handle}`),
      remotes: [{ type: "streamable-http", url: absoluteUrl(`/mcp/agents/${handle}`), headers: [{ name: "Authorization", isRequired: true, isSecret: true }] }],
    });
    expect(registryNamespace()).toBe(origin);
    expect(entry!.server.description.length).toBeLessThanOrEqual(100);
    expect(entry!.server.description.endsWith("…")).toBe(true);
    expect(entry!._meta[OFFICIAL_META]).toMatchObject({ status: "active", isLatest: true });

    const versions = await call(`/v0.1/servers/${encoded(handle)}/versions`);
    expect(versions.status).toBe(200);
    const versionsBody = (await versions.json()) as ServerList;
    expectValid(validServerList, versionsBody);
    expect(versionsBody.servers).toEqual([entry]);
    for (const asked of ["latest", String(version.number)]) {
      const one = await call(`/v0.1/servers/${encoded(handle)}/versions/${asked}`);
      expect(one.status).toBe(200);
      const oneBody = (await one.json()) as ServerResponse;
      expectValid(validServerResponse, oneBody);
      expectValid(validServerJson, oneBody.server);
      expect(oneBody).toEqual(entry);
      expect(one.headers.get(CACHE_TAGS_HEADER)).toContain(agentTag(handle));
    }
    expect((await list(`${search}&version=${version.number}`)).servers.map((s) => s.server.name)).toContain(serverNameOf(handle));
    expect(names((await list(`${search}&version=${version.number + 1000}`)).servers)).not.toContain(serverNameOf(handle));
    const listResponse = await call(`/v0.1/servers?${search}`);
    expect(listResponse.headers.get(CACHE_TAGS_HEADER)?.split(" ")).toContain(LIST_TAG);
    expect(listResponse.headers.get("cache-control")).toMatch(/public/);
  });

  it("an agent no signed-out visitor has seen never appears, not even as deleted", async () => {
    const hiddenHandles = [h("never-unpub"), h("never-adult"), h("never-unlisted")];
    const unpublished = await createTestAgent({ ownerId: owner.id, handle: hiddenHandles[0], status: "unpublished" });
    const adult = await createTestAgent({ ownerId: owner.id, handle: hiddenHandles[1], capabilities: [{ contentRating: "mature" }] });
    const unlisted = await createTestAgent({ ownerId: owner.id, handle: hiddenHandles[2], capabilities: [{ listed: false }] });
    for (const agent of [unpublished, adult, unlisted]) await write(agent.id, async () => {});
    // Then written again, still hidden: nothing was ever served, so there is nothing to call deleted.
    await write(adult.id, async (tx) => tx.agent.update({ where: { id: adult.id }, data: { purpose: "Still adult only." } }));

    const everything = await allPages(`${search}&updated_since=2000-01-01T00:00:00Z&limit=100`);
    const withDeleted = await allPages(`${search}&include_deleted=true`);
    for (const handle of hiddenHandles) {
      expect(names(everything)).not.toContain(serverNameOf(handle));
      expect(names(withDeleted)).not.toContain(serverNameOf(handle));
      expect((await call(`/v0.1/servers/${encoded(handle)}/versions?include_deleted=true`)).status).toBe(404);
      expect((await call(`/v0.1/servers/${encoded(handle)}/versions/latest`)).status).toBe(404);
    }
    expect(await db.registryServer.count({ where: { handle: { in: hiddenHandles } } })).toBe(0);
  });

  it("an agent that stops being visible is deleted to updated_since, with its name and nothing else", async () => {
    const general = await publishedAgent("goes-unpub", [{ name: "Secret-free service" }]);
    const rated = await publishedAgent("goes-adult");
    const suspended = await publishedAgent("goes-suspended");
    const removed = await publishedAgent("goes-deleted");
    const before = new Date();
    for (const agent of [general, rated, suspended, removed]) {
      expect(names((await list(search)).servers)).toContain(serverNameOf(agent.handle));
    }

    expect((await setAgentPublished(owner, general.handle, false)).ok).toBe(true);
    await write(rated.id, async (tx) =>
      tx.capability.updateMany({ where: { agentId: rated.id }, data: { contentRating: "mature", matureReasons: ["alcohol"] } }),
    );
    expect((await suspendListing(admin, { handle: suspended.handle, capabilityId: suspended.capabilities[0]!.capabilityId }, "Test suspension.")).ok).toBe(
      true,
    );
    expect((await deleteAgent(owner, removed.handle, removed.handle)).ok).toBe(true);

    const gone = [general, rated, suspended, removed].map((a) => serverNameOf(a.handle));
    const current = names(await allPages(search));
    for (const name of gone) expect(current).not.toContain(name);

    const changes = await allPages(`${search}&updated_since=${before.toISOString()}`);
    for (const name of gone) {
      const entry = changes.find((s) => s.server.name === name);
      expect(entry, name).toBeDefined();
      expect(Object.keys(entry!.server).sort()).toEqual(["$schema", "description", "name", "version"]);
      expect(entry!.server.description).toBe(DELETED_DESCRIPTION);
      expect(entry!._meta[OFFICIAL_META].status).toBe("deleted");
      expect(JSON.stringify(entry)).not.toMatch(/Agent @|Answers test questions|Secret-free/);
    }
    const handle = general.handle;
    expect((await call(`/v0.1/servers/${encoded(handle)}/versions`)).status).toBe(404);
    const asked = await call(`/v0.1/servers/${encoded(handle)}/versions/latest?include_deleted=true`);
    expect(asked.status).toBe(200);
    expect(((await asked.json()) as ServerResponse)._meta[OFFICIAL_META].status).toBe("deleted");

    // Visible again: active, detailed, and updated.
    expect((await setAgentPublished(owner, handle, true)).ok).toBe(true);
    const back = (await list(`search=${handle.slice(1)}`)).servers;
    expect(back.map((s) => s._meta[OFFICIAL_META].status)).toEqual(["active"]);
  });

  it("a row the record still calls served is not detailed when the rule says the agent is hidden", async () => {
    const agent = await publishedAgent("bypass");
    // A change no listing write announced: the rule, read at answer time, still hides it.
    await db.agent.update({ where: { id: agent.id }, data: { status: "unpublished" } });
    expect(names((await list(search)).servers)).not.toContain(serverNameOf(agent.handle));
    expect((await call(`/v0.1/servers/${encoded(agent.handle)}/versions/latest`)).status).toBe(404);
    const changes = await list(`search=${agent.handle.slice(1)}&updated_since=2000-01-01T00:00:00Z`);
    expect(changes.servers.map((s) => s.server.description)).toEqual([DELETED_DESCRIPTION]);
  });
});

describe("paging with updated_since", () => {
  it("returns every matching server exactly once while writes happen between pages", async () => {
    const since = new Date();
    const agents = [];
    for (const name of ["p-a", "p-b", "p-c", "p-d", "p-e", "p-f", "p-g"]) agents.push(await publishedAgent(name));
    const byName = new Map(agents.map((a) => [serverNameOf(a.handle), a]));
    const pages: ServerResponse[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const body = await list(
        `search=rg${run}-p-&updated_since=${encodeURIComponent(since.toISOString())}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      pages.push(...body.servers);
      cursor = body.metadata.nextCursor;
      if (!cursor) break;
      const seen = names(pages);
      const unseen = agents.filter((a) => !seen.includes(serverNameOf(a.handle)));
      const [firstSeen] = agents.filter((a) => seen.includes(serverNameOf(a.handle)));
      // Between pages: a server already paged past changes (its updatedAt moves past every other's), one not yet
      // paged changes, one not yet paged is hidden (it still matches, as deleted), and a new one is published
      // with a name before the cursor.
      if (firstSeen)
        await write(firstSeen.id, async (tx) => tx.agent.update({ where: { id: firstSeen.id }, data: { purpose: `Changed after page ${page}.` } }));
      if (unseen[0])
        await write(unseen[0].id, async (tx) => tx.agent.update({ where: { id: unseen[0]!.id }, data: { purpose: `Changed before its page ${page}.` } }));
      if (page === 0 && unseen[1]) expect((await setAgentPublished(owner, unseen[1].handle, false)).ok).toBe(true);
      if (page === 1) await publishedAgent("p-0");
    }
    expect(cursor).toBeUndefined();
    const pageNames = names(pages).filter((n) => byName.has(n));
    expect(pageNames.sort()).toEqual([...byName.keys()].sort());
    expect(new Set(names(pages)).size).toBe(pages.length);
  });

  it("pages without updated_since follow the name order with no repeats", async () => {
    const servers = await allPages(`${search}&limit=1`);
    const list = names(servers);
    expect(list).toEqual([...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(list).size).toBe(list.length);
  });
});

describe("bad input", () => {
  const bad = [
    ["/v0.1/servers?limit=0", 400, /limit/],
    ["/v0.1/servers?limit=101", 400, /limit/],
    ["/v0.1/servers?limit=ten", 400, /limit/],
    ["/v0.1/servers?cursor=not-a-cursor", 400, /cursor/],
    [`/v0.1/servers?cursor=${Buffer.from('{"after":"x y"}').toString("base64url")}`, 400, /cursor/],
    ["/v0.1/servers?updated_since=yesterday", 400, /updated_since/],
    ["/v0.1/servers?updated_since=2025-02-30T00:00:00Z", 400, /updated_since/],
    ["/v0.1/servers?updated_since=2025-02-03T00:00:00", 400, /updated_since/],
    ["/v0.1/servers?include_deleted=maybe", 400, /include_deleted/],
    ["/v0.1/servers?version=", 400, /version/],
    [`/v0.1/servers/${encodeURIComponent("com.example/elsewhere")}/versions`, 404, /Server not found/],
    ["/v0.1/servers/no-slash-here/versions/latest", 404, /Server not found/],
  ] as const;
  for (const [path, status, words] of bad) {
    it(`${path} → ${status} in words`, async () => {
      const response = await call(path);
      expect(response.status).toBe(status);
      const body: unknown = await response.json();
      expectValid(validError, body);
      expect((body as { error: string }).error).toMatch(words);
      expect(response.headers.get("cache-control")).toBe("no-store");
    });
  }

  it("an unknown server and an unknown version of a known one answer 404", async () => {
    const agent = await publishedAgent("versions");
    expect((await call(`/v0.1/servers/${encoded(h("nobody"))}/versions`)).status).toBe(404);
    const response = await call(`/v0.1/servers/${encoded(agent.handle)}/versions/9.9.9`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toMatch(/version/);
  });
});
