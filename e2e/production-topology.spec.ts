import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN_EMAIL, leak, roles } from "./roles/roles";

// The production topology (e2e/topology-stack.ts): Varnish in front of two web instances of the standalone build,
// and the worker purging Varnish when listings change. A listing taken away from signed-out visitors — suspended,
// unpublished, re-imported as 18+ — stops being served to them within 2 s on every path that showed it (pages,
// client navigations, the API), though each was stored in Varnish; a publisher's change shows within 2 s.
// The leak suite and the malformed-request suite run through this Varnish too (the "varnish" project).

const run = Date.now().toString(36);
const handle = `@topology-${run}`;
const capabilityId = "cap_topology_listing";
const word = `tidewatch${run}`;
/** In every answer that shows the listing: its page's address (pages, navigations and the API all carry it). */
const marker = `${handle.slice(1)}/${capabilityId}`;
const owner = roles.publisherA.email ?? "";

function write(...args: string[]): void {
  execFileSync("npx", ["tsx", "--conditions=react-server", path.join("e2e", "topology-writes.ts"), ...args], { stdio: "inherit", env: process.env });
}

type Path = { name: string; get: (request: APIRequestContext) => Promise<{ status: number; body: string; cache: string | undefined }> };

const plain = (url: string): Path => ({
  name: url,
  get: async (request) => {
    const response = await request.get(url, { maxRedirects: 0 });
    return { status: response.status(), body: await response.text(), cache: response.headers()["x-cache"] };
  },
});

// A client navigation, as the browser's router asks for it: Next sends a request without its `_rsc` key to the
// address with the key, and answers that one.
const ROUTER_STATE = encodeURIComponent(JSON.stringify(["", { children: ["__PAGE__", {}] }]));
const navigation = (url: string): Path => ({
  name: `${url} (client navigation)`,
  get: async (request) => {
    const headers = { RSC: "1", "Next-Router-State-Tree": ROUTER_STATE };
    const first = await request.get(url, { headers, maxRedirects: 0 });
    const location = first.headers().location;
    const response = first.status() === 307 && location ? await request.get(location, { headers, maxRedirects: 0 }) : first;
    expect(response.headers()["content-type"] ?? "", url).toContain("text/x-component");
    return { status: response.status(), body: await response.text(), cache: response.headers()["x-cache"] };
  },
});

const service = `/services/${handle}/${capabilityId}`;
const paths: Path[] = [
  plain(service),
  plain(`/agents/${handle}`),
  plain(`/?q=${word}`),
  navigation(service),
  navigation(`/?q=${word}`),
  plain(`/api/v1/services/${handle}/${capabilityId}`),
  plain(`/api/v1/services?query=${word}`),
  plain(`/api/v1/agents/${handle}`),
];

/** A 404 about the listing may echo its address (the problem's `instance`): only a 200 shows it. */
const shows = (answer: { status: number; body: string }, text: string) => answer.status === 200 && answer.body.includes(text);

/** Each path shows the listing to a signed-out visitor, from Varnish's store. */
async function expectStoredAndShown(request: APIRequestContext, text: string): Promise<void> {
  for (const p of paths) {
    await expect.poll(async () => shows(await p.get(request), text), { message: `${p.name} shows ${text}`, timeout: 2_000, intervals: [100] }).toBe(true);
    const again = await p.get(request);
    expect(again.cache, `${p.name} is served from Varnish`).toBe("hit");
  }
}

/** Within 2 s of the write, no path shows the listing to a signed-out visitor. */
async function expectGoneWithin2s(request: APIRequestContext, what: string): Promise<void> {
  const since = Date.now();
  for (const p of paths) {
    const left = Math.max(1, 2_000 - (Date.now() - since));
    await expect.poll(async () => shows(await p.get(request), marker), { message: `${p.name} after ${what}`, timeout: left, intervals: [50] }).toBe(false);
  }
}

test.describe.configure({ mode: "serial" });

test("a listing taken away from signed-out visitors is gone from Varnish within 2 s on every path, and a publisher's change shows as fast", async ({ playwright }) => {
  test.setTimeout(120_000);
  const signedOut = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, storageState: { cookies: [], origins: [] } });

  write("import", owner, handle, "Harbour Tide Table", word, "general");
  await expectStoredAndShown(signedOut, "Harbour Tide Table");

  write("import", owner, handle, "Harbour Tide Almanac", word, "general");
  const since = Date.now();
  for (const p of paths) {
    const left = Math.max(1, 2_000 - (Date.now() - since));
    await expect.poll(async () => shows(await p.get(signedOut), "Harbour Tide Almanac"), { message: `${p.name} shows the change`, timeout: left, intervals: [50] }).toBe(true);
  }

  await expectStoredAndShown(signedOut, marker);
  write("suspend", ADMIN_EMAIL, handle, capabilityId);
  await expectGoneWithin2s(signedOut, "a suspension");
  expect((await plain(service).get(signedOut)).status).toBe(404);

  write("reinstate", ADMIN_EMAIL, handle, capabilityId);
  await expectStoredAndShown(signedOut, marker);
  write("unpublish", owner, handle);
  await expectGoneWithin2s(signedOut, "unpublishing");

  write("publish", owner, handle);
  await expectStoredAndShown(signedOut, marker);
  write("import", owner, handle, "Harbour Tide Almanac", word, "mature");
  await expectGoneWithin2s(signedOut, "a re-import as 18+");

  // The adult with 18+ on still sees it: Varnish never answered them from the store.
  const adult = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, storageState: roles.adultOn.storageState });
  const answer = await adult.get(service);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["x-cache"]).toBe("pass");
  await adult.dispose();
  await signedOut.dispose();
});

test("every role's answer goes to that role alone: a signed-out visitor never gets one", async ({ playwright }) => {
  const baseURL = test.info().project.use.baseURL;
  const signedOut = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const hidden = [leak.matureName, leak.suspendedName, roles.adultOn.email ?? "", roles.publisherA.email ?? ""];
  for (const role of Object.values(roles)) {
    if (!role.email) continue;
    const context = await playwright.request.newContext({ baseURL, storageState: role.storageState });
    for (const url of ["/", "/?q=nightcap", `/agents/${leak.handle}`, `/services/${leak.handle}/${leak.matureId}`, `/services/${leak.handle}/${leak.suspendedId}`]) {
      const own = await context.get(url, { maxRedirects: 0 });
      expect(own.headers()["x-cache"], `${role.name} ${url}`).toBe("pass");
      for (let i = 0; i < 2; i += 1) {
        const visitor = await signedOut.get(url, { maxRedirects: 0 });
        const body = await visitor.text();
        for (const text of hidden) expect(body.includes(text), `a signed-out ${url} after ${role.name}`).toBe(false);
      }
    }
    await context.dispose();
  }
  await signedOut.dispose();
});
