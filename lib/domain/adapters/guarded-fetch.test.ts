import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGuardedFetch, GuardedFetchError, type GuardedFetchErrorCode, type GuardedFetchOptions } from "./guarded-fetch";
import { freePort, pump, startRawHttpServer, type TestServer } from "@/lib/testing/mcp-test-servers";

const MB = 1024 * 1024;
const strict: GuardedFetchOptions = { allowLoopback: false, requireHttps: false, maxResponseBytes: MB };
const dev: GuardedFetchOptions = { allowLoopback: true, requireHttps: false, maxResponseBytes: MB };

async function failure(promise: Promise<unknown>): Promise<GuardedFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GuardedFetchError) return error;
    throw error;
  }
  throw new Error("expected the request to fail");
}

async function code(promise: Promise<unknown>): Promise<GuardedFetchErrorCode> {
  return (await failure(promise)).code;
}

let ok: TestServer;
let hosts: string[] = [];

beforeAll(async () => {
  ok = await startRawHttpServer((req, res) => {
    hosts.push(req.headers.host ?? "");
    if (req.url === "/redirect-private") res.writeHead(302, { location: "http://10.0.0.1/mcp" }).end();
    else if (req.url === "/redirect-same") res.writeHead(301, { location: "/elsewhere" }).end();
    else if (req.url === "/big-declared") res.writeHead(200, { "content-length": String(2 * MB) }).end(Buffer.alloc(2 * MB));
    else if (req.url === "/big-chunked") {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      pump(res, 50 * MB);
    } else if (req.url === "/exact") res.writeHead(200).end(Buffer.alloc(MB, 0x61));
    else if (req.url === "/hang") {
      // never answers
    } else if (req.url === "/stall-body") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("partial");
    } else if (req.url === "/no-content") res.writeHead(204).end();
    else res.writeHead(200, { "content-type": "text/plain" }).end("hello");
  });
});

afterAll(async () => {
  await ok.close();
});

describe("the address guard in front of every request", () => {
  it.each([
    "http://127.0.0.1/",
    "http://10.0.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://0177.0.0.1/",
    "http://127.1/",
    "http://0.0.0.0/",
    "http://100.64.0.1/",
    "http://[fc00::1]/",
    "http://[fe80::1]/",
  ])("refuses %s in the default configuration", async (url) => {
    const guarded = createGuardedFetch(strict);
    const error = await failure(guarded(url));
    expect(error.code).toBe("blocked_address");
    expect(error.requestSent).toBe(false);
    expect(error.message).toMatch(/^Explore does not call .*Adapters must be on public addresses\.$/);
  });

  it("refuses a name that resolves to a private address, naming both", async () => {
    const guarded = createGuardedFetch({ ...strict, resolve: async () => ["10.1.2.3"] });
    const error = await failure(guarded("http://adapter.example/mcp"));
    expect(error.code).toBe("blocked_address");
    expect(error.message).toContain("adapter.example resolves to 10.1.2.3");
  });

  it("refuses a name when any one of its addresses is private", async () => {
    const guarded = createGuardedFetch({ ...strict, resolve: async () => ["8.8.8.8", "192.168.0.10"] });
    expect(await code(guarded("http://mixed.example/"))).toBe("blocked_address");
  });

  it.each([["8.8.8.8"], ["2606:4700::1111"]])("lets a name resolving to the public %s through", async (address) => {
    // The resolver aborts the request, so the test proves the guard passed without leaving the machine.
    const controller = new AbortController();
    const guarded = createGuardedFetch({
      ...strict,
      resolve: async () => {
        controller.abort();
        return [address];
      },
    });
    await expect(guarded("https://public.example/", { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });

  it("with allowLoopback still calls a public address over https only", async () => {
    // The resolver aborts the request too: had the refusal not come first, nothing would leave the machine.
    const controller = new AbortController();
    const guarded = createGuardedFetch({
      ...dev,
      resolve: async () => {
        controller.abort();
        return ["8.8.8.8"];
      },
    });
    const error = await failure(guarded("http://public.example/", { signal: controller.signal }));
    expect(error.code).toBe("insecure_url");
    expect(error.requestSent).toBe(false);
  });

  it("with allowLoopback reaches 127.0.0.1 but still refuses private and link-local addresses", async () => {
    const guarded = createGuardedFetch(dev);
    const response = await guarded(`http://127.0.0.1:${ok.port}/`);
    expect(await response.text()).toBe("hello");
    expect(await code(guarded("http://10.0.0.1/"))).toBe("blocked_address");
    expect(await code(guarded("http://169.254.169.254/"))).toBe("blocked_address");
    expect(await code(guarded(`http://[::ffff:127.0.0.1]:${ok.port}/`))).toBe("blocked_address");
    await guarded.close();
  });

  it("with allowLoopback reaches ::1", async () => {
    const v6 = await new Promise<{ port: number; close: () => void }>((resolve) => {
      const server = createHttpServer((_req, res) => res.end("v6"));
      server.listen(0, "::1", () => {
        const address = server.address();
        resolve({ port: typeof address === "object" && address !== null ? address.port : 0, close: () => server.close() });
      });
    });
    const guarded = createGuardedFetch(dev);
    expect(await (await guarded(`http://[::1]:${v6.port}/`)).text()).toBe("v6");
    await guarded.close();
    v6.close();
  });

  it("refuses plain http when https is required, before resolving anything", async () => {
    let resolved = 0;
    const guarded = createGuardedFetch({
      ...dev,
      requireHttps: true,
      resolve: async () => {
        resolved += 1;
        return ["127.0.0.1"];
      },
    });
    const error = await failure(guarded(`http://adapter.example:${ok.port}/`));
    expect(error.code).toBe("insecure_url");
    expect(error.message).toBe("Explore calls adapters over https only; http://adapter.example:" + ok.port + " is plain http.");
    expect(resolved).toBe(0);
  });

  it("refuses other schemes and URLs with credentials", async () => {
    const guarded = createGuardedFetch(dev);
    expect(await code(guarded("ftp://127.0.0.1/"))).toBe("bad_url");
    expect(await code(guarded("file:///etc/passwd"))).toBe("bad_url");
    expect(await code(guarded(`http://user:pw@127.0.0.1:${ok.port}/`))).toBe("bad_url");
    expect(await code(guarded("not a url"))).toBe("bad_url");
  });
});

describe("pinning the connection to the checked address", () => {
  it("connects to the address that was checked, keeping the name in the Host header", async () => {
    let calls = 0;
    const guarded = createGuardedFetch({
      ...dev,
      resolve: async (host) => {
        calls += 1;
        expect(host).toBe("adapter.test");
        return ["127.0.0.1"];
      },
    });
    hosts = [];
    // adapter.test exists in no DNS: the request can only arrive through the pinned address.
    expect(await (await guarded(`http://adapter.test:${ok.port}/`)).text()).toBe("hello");
    expect(await (await guarded(`http://adapter.test:${ok.port}/`)).text()).toBe("hello");
    expect(hosts).toEqual([`adapter.test:${ok.port}`, `adapter.test:${ok.port}`]);
    expect(calls).toBe(2);
    await guarded.close();
  });

  it("may use any of the checked addresses, like localhost's ::1 and 127.0.0.1 (the server listens on the second only)", async () => {
    const guarded = createGuardedFetch({ ...dev, resolve: async () => ["::1", "127.0.0.1"] });
    expect(await (await guarded(`http://both.test:${ok.port}/`)).text()).toBe("hello");
    await guarded.close();
  });

  it("checks the name again on every request, so a rebinding to a private address is refused", async () => {
    const answers = [["127.0.0.1"], ["10.0.0.7"]];
    const guarded = createGuardedFetch({ ...dev, resolve: async () => answers.shift() ?? [] });
    expect((await guarded(`http://rebind.test:${ok.port}/`)).status).toBe(200);
    expect(await code(guarded(`http://rebind.test:${ok.port}/`))).toBe("blocked_address");
    await guarded.close();
  });

  describe("over TLS", () => {
    let dir = "";
    let server: ReturnType<typeof createHttpsServer> | undefined;
    let port = 0;
    const names: string[] = [];

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "explore-tls-"));
      execFileSync(
        "openssl",
        [
          "req",
          "-x509",
          "-newkey",
          "rsa:2048",
          "-nodes",
          "-days",
          "1",
          "-subj",
          "/CN=adapter.test",
          "-addext",
          "subjectAltName=DNS:adapter.test",
          "-keyout",
          join(dir, "key.pem"),
          "-out",
          join(dir, "cert.pem"),
        ],
        { stdio: "ignore" },
      );
      const key = readFileSync(join(dir, "key.pem"));
      const cert = readFileSync(join(dir, "cert.pem"));
      server = createHttpsServer(
        {
          key,
          cert,
          SNICallback: (servername, callback) => {
            names.push(servername);
            callback(null);
          },
        },
        (_req, res) => res.end("secure"),
      );
      await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
      const address = server.address();
      port = typeof address === "object" && address !== null ? address.port : 0;
    });

    afterAll(() => {
      server?.closeAllConnections();
      server?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it("sends the name as SNI and still verifies the certificate", async () => {
      const guarded = createGuardedFetch({ ...dev, requireHttps: true, resolve: async () => ["127.0.0.1"] });
      const error = await failure(guarded(`https://adapter.test:${port}/`));
      // A self-signed certificate is not trusted: verification was not switched off by the pinning.
      expect(error.code).toBe("connect_failed");
      expect(error.message).toContain("secure connection");
      expect(error.requestSent).toBe(false);
      expect(names).toContain("adapter.test");
      await guarded.close();
    });
  });
});

describe("responses", () => {
  it("refuses redirects, to a private address or anywhere", async () => {
    const guarded = createGuardedFetch(dev);
    const error = await failure(guarded(`http://127.0.0.1:${ok.port}/redirect-private`));
    expect(error.code).toBe("redirect");
    expect(error.message).toBe(`The adapter at 127.0.0.1:${ok.port} answered with a redirect, which Explore does not follow.`);
    expect(await code(guarded(`http://127.0.0.1:${ok.port}/redirect-same`))).toBe("redirect");
    await guarded.close();
  });

  it("rejects a declared Content-Length over the cap before reading the body", async () => {
    const guarded = createGuardedFetch(dev);
    const error = await failure(guarded(`http://127.0.0.1:${ok.port}/big-declared`));
    expect(error.code).toBe("too_large");
    expect(error.message).toBe(`The adapter at 127.0.0.1:${ok.port} sent an answer larger than 1.0 MB, Explore's limit.`);
    await guarded.close();
  });

  it("cuts a streamed 50 MB body at the cap", async () => {
    const guarded = createGuardedFetch(dev);
    const response = await guarded(`http://127.0.0.1:${ok.port}/big-chunked`);
    expect(await code(response.arrayBuffer())).toBe("too_large");
    await guarded.close();
  });

  it("accepts a body of exactly the cap", async () => {
    const guarded = createGuardedFetch(dev);
    const body = await (await guarded(`http://127.0.0.1:${ok.port}/exact`)).arrayBuffer();
    expect(body.byteLength).toBe(MB);
    await guarded.close();
  });

  it("passes bodiless answers through", async () => {
    const guarded = createGuardedFetch(dev);
    const response = await guarded(`http://127.0.0.1:${ok.port}/no-content`);
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
    await guarded.close();
  });

  it("times out waiting for headers", async () => {
    const guarded = createGuardedFetch({ ...dev, headersTimeoutMs: 200 });
    const started = Date.now();
    const error = await failure(guarded(`http://127.0.0.1:${ok.port}/hang`));
    expect(error.code).toBe("timeout");
    expect(error.requestSent).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
    await guarded.close();
  });

  it("times out when the body stalls", async () => {
    const guarded = createGuardedFetch({ ...dev, bodyTimeoutMs: 200 });
    const response = await guarded(`http://127.0.0.1:${ok.port}/stall-body`);
    expect(await code(response.text())).toBe("timeout");
    await guarded.close();
  });

  it("says so when nothing listens", async () => {
    const port = await freePort();
    const guarded = createGuardedFetch(dev);
    const error = await failure(guarded(`http://127.0.0.1:${port}/mcp`));
    expect(error.code).toBe("connect_failed");
    expect(error.requestSent).toBe(false);
    expect(error.message).toBe(`Could not connect to the adapter at 127.0.0.1:${port}: the connection was refused (is it running?).`);
  });

  it("honours the caller's AbortSignal, before the answer and while the body streams", async () => {
    const guarded = createGuardedFetch(dev);
    const before = new AbortController();
    const pending = guarded(`http://127.0.0.1:${ok.port}/hang`, { signal: before.signal });
    setTimeout(() => before.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });

    const during = new AbortController();
    const response = await guarded(`http://127.0.0.1:${ok.port}/stall-body`, { signal: during.signal });
    const reading = response.text();
    during.abort();
    await expect(reading).rejects.toMatchObject({ name: "AbortError" });
    await guarded.close();
  });

  it("sends the method, headers and body it is given", async () => {
    const seen: string[] = [];
    const echo = await startRawHttpServer((req, res, body) => {
      seen.push(`${req.method} ${req.headers["content-type"]} ${body}`);
      res.end("ok");
    });
    const guarded = createGuardedFetch(dev);
    await guarded(new URL(`http://127.0.0.1:${echo.port}/`), { method: "POST", headers: { "content-type": "application/json" }, body: '{"a":1}' });
    await guarded(new Request(`http://127.0.0.1:${echo.port}/`, { method: "PUT", headers: { "content-type": "text/plain" }, body: "x" }));
    await guarded.close();
    await echo.close();
    expect(seen).toEqual(['POST application/json {"a":1}', "PUT text/plain x"]);
  });
});
