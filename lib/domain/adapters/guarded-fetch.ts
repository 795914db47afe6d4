import { lookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { Agent, fetch as undiciFetch } from "undici";
import ipaddr from "ipaddr.js";
import { checkAddress, parseHostLiteral } from "./address-guard";
import { formatBytes } from "@/lib/foundations/words/bytes";

// THE one way Explore calls publisher URLs. Every request: scheme check, address check of the IP literal
// or of every address the name resolves to, a connection pinned to the checked address, no redirects,
// connect/header/body timeouts, and a response-size cap counted while the body streams.

export type GuardedFetchErrorCode =
  "blocked_address" | "insecure_url" | "redirect" | "too_large" | "timeout" | "connect_failed" | "connection_lost" | "bad_url";

export class GuardedFetchError extends Error {
  override readonly name = "GuardedFetchError";
  constructor(
    readonly code: GuardedFetchErrorCode,
    message: string,
    /** False only when Explore knows the request never left: refused before connecting, or the connection failed. */
    readonly requestSent: boolean,
  ) {
    super(message);
  }
}

export type ResolveHost = (host: string) => Promise<string[]>;

export interface GuardedFetchOptions {
  allowLoopback: boolean;
  /** Refuse plain http. Without it, plain http is still only for loopback addresses (the demo adapters). */
  requireHttps: boolean;
  maxResponseBytes: number;
  /** Default 10 s. */
  connectTimeoutMs?: number;
  /** Time from sending the request to its response headers. Default 60 s: pass at least the longest call deadline. */
  headersTimeoutMs?: number;
  /** Longest silence between two body chunks. Default 60 s. */
  bodyTimeoutMs?: number;
  /** Every address `host` resolves to. Default: the system resolver (getaddrinfo), all addresses. */
  resolve?: ResolveHost;
}

export type GuardedFetch = typeof fetch & {
  /** Closes the pooled connections (tests, benchmarks, shutdown). */
  close(): Promise<void>;
};

const MAX_POOLED_AGENTS = 64;
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function isLoopback(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === "loopback";
}

async function resolveWithSystem(host: string): Promise<string[]> {
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((a) => a.address);
}

type NormalisedRequest = {
  url: URL;
  method: string;
  headers: [string, string][];
  body: string | Uint8Array | undefined;
  signal: AbortSignal | undefined;
};

async function normaliseRequest(input: RequestInfo | URL, init: RequestInit | undefined): Promise<NormalisedRequest> {
  if (input instanceof Request) {
    // Rare path (the MCP SDK passes a URL and an init): let the platform merge the two.
    const request = new Request(input, init);
    const body = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer());
    return { url: new URL(request.url), method: request.method, headers: [...request.headers], body, signal: request.signal };
  }
  const url = new URL(input instanceof URL ? input.href : input);
  const raw = init?.body;
  let body: string | Uint8Array | undefined;
  if (raw === undefined || raw === null) body = undefined;
  else if (typeof raw === "string") body = raw;
  else if (raw instanceof Uint8Array) body = raw;
  else body = new Uint8Array(await new Response(raw).arrayBuffer());
  return {
    url,
    method: init?.method ?? "GET",
    headers: [...new Headers(init?.headers)],
    body,
    signal: init?.signal ?? undefined,
  };
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 5) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

function errorCode(error: unknown): string | undefined {
  for (const link of causeChain(error)) {
    if (typeof link === "object" && link !== null && "code" in link && typeof link.code === "string") return link.code;
  }
  return undefined;
}

/** Turns what undici throws (a "fetch failed" TypeError with the real error as its cause) into plain words. */
function translateNetworkError(error: unknown, where: string): GuardedFetchError {
  const code = errorCode(error);
  switch (code) {
    case "ECONNREFUSED":
      return new GuardedFetchError("connect_failed", `Could not connect to the adapter at ${where}: the connection was refused (is it running?).`, false);
    case "EHOSTUNREACH":
    case "ENETUNREACH":
    case "EHOSTDOWN":
      return new GuardedFetchError("connect_failed", `Could not connect to the adapter at ${where}: the network cannot reach it.`, false);
    case "UND_ERR_CONNECT_TIMEOUT":
      return new GuardedFetchError("timeout", `Could not connect to the adapter at ${where} in time.`, false);
    case "UND_ERR_HEADERS_TIMEOUT":
      return new GuardedFetchError("timeout", `The adapter at ${where} did not start answering in time.`, true);
    case "UND_ERR_BODY_TIMEOUT":
      return new GuardedFetchError("timeout", `The adapter at ${where} stopped sending its answer part-way.`, true);
    case "UND_ERR_SOCKET":
    case "ECONNRESET":
    case "EPIPE":
    case "UND_ERR_CLOSED":
      return new GuardedFetchError("connection_lost", `The adapter at ${where} closed the connection before its answer was complete.`, true);
    default:
      if (code !== undefined && (code.startsWith("ERR_TLS") || code.includes("CERT") || code === "ERR_SSL_WRONG_VERSION_NUMBER")) {
        return new GuardedFetchError("connect_failed", `Could not make a secure connection to the adapter at ${where} (${code}).`, false);
      }
      // Unknown: say the request may have gone out, so an external action is reported as "outcome unknown".
      return new GuardedFetchError("connection_lost", `The connection to the adapter at ${where} failed${code ? ` (${code})` : ""}.`, true);
  }
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === "AbortError");
}

/** The response body, re-streamed through a counter that errors once more than `max` bytes have arrived. */
function capBody(body: NodeReadableStream<unknown>, max: number, where: string, signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        controller.error(isAbort(error, signal) ? error : translateNetworkError(error, where));
        return;
      }
      if (chunk.done) {
        controller.close();
        return;
      }
      const value = chunk.value;
      if (!(value instanceof Uint8Array)) {
        controller.error(new GuardedFetchError("connection_lost", `The adapter at ${where} sent an unreadable body.`, true));
        await reader.cancel().catch(() => undefined);
        return;
      }
      seen += value.byteLength;
      if (seen > max) {
        const error = tooLarge(where, max);
        controller.error(error);
        await reader.cancel(error).catch(() => undefined);
        return;
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

function tooLarge(where: string, max: number): GuardedFetchError {
  return new GuardedFetchError("too_large", `The adapter at ${where} sent an answer larger than ${formatBytes(max)}, Explore's limit.`, true);
}

/** A fetch for publisher URLs only. See the file's opening comment for the rules it enforces. */
export function createGuardedFetch(opts: GuardedFetchOptions): GuardedFetch {
  const resolve = opts.resolve ?? resolveWithSystem;
  const connectTimeout = opts.connectTimeoutMs ?? 10_000;
  const headersTimeout = opts.headersTimeoutMs ?? 60_000;
  const bodyTimeout = opts.bodyTimeoutMs ?? 60_000;
  // One connection pool per (origin, checked addresses): keep-alive works, and a pool never reaches another address.
  const agents = new Map<string, Agent>();

  function agentFor(url: URL, addresses: string[]): Agent {
    const key = `${url.origin}|${addresses.join(",")}`;
    const existing = agents.get(key);
    if (existing) {
      agents.delete(key);
      agents.set(key, existing);
      return existing;
    }
    const agent = new Agent({
      headersTimeout,
      bodyTimeout,
      connect: {
        timeout: connectTimeout,
        // Names are never resolved again at connect time: the socket goes to the address that was checked.
        // TLS still uses the URL's host name for SNI and certificate verification (undici sets servername).
        lookup: pinnedLookup(addresses),
      },
    });
    agents.set(key, agent);
    if (agents.size > MAX_POOLED_AGENTS) {
      const oldest = agents.keys().next();
      if (!oldest.done) {
        const old = agents.get(oldest.value);
        agents.delete(oldest.value);
        void old?.close().catch(() => undefined);
      }
    }
    return agent;
  }

  /** Every address the host stands for, each one checked; the connection may use only these. */
  async function checkedAddresses(url: URL, where: string): Promise<string[]> {
    const literal = parseHostLiteral(url.host);
    if (literal === null) throw new GuardedFetchError("bad_url", `"${url.host}" is not a valid host.`, false);
    let addresses: string[];
    if (literal.kind === "name") {
      try {
        addresses = await resolve(literal.name);
      } catch (error) {
        const code = errorCode(error);
        throw new GuardedFetchError("connect_failed", `The adapter's host name ${literal.name} could not be resolved${code ? ` (${code})` : ""}.`, false);
      }
      if (addresses.length === 0) {
        throw new GuardedFetchError("connect_failed", `The adapter's host name ${literal.name} has no addresses.`, false);
      }
    } else {
      addresses = [literal.address];
    }
    for (const address of addresses) {
      const verdict = checkAddress(address, { allowLoopback: opts.allowLoopback });
      if (!verdict.ok) {
        const via = literal.kind === "name" ? `${literal.name} resolves to ${address}: ` : "";
        throw new GuardedFetchError("blocked_address", `Explore does not call ${where}: ${via}${verdict.reason}. Adapters must be on public addresses.`, false);
      }
    }
    return addresses;
  }

  async function guardedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    let request: NormalisedRequest;
    try {
      request = await normaliseRequest(input, init);
    } catch {
      throw new GuardedFetchError("bad_url", "The adapter's address is not a valid URL.", false);
    }
    const { url } = request;
    const where = url.host;
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new GuardedFetchError("bad_url", `Explore calls adapters over https only, not ${url.protocol.slice(0, -1)}.`, false);
    }
    if (opts.requireHttps && url.protocol !== "https:") {
      throw new GuardedFetchError("insecure_url", `Explore calls adapters over https only; ${url.origin} is plain http.`, false);
    }
    if (url.username !== "" || url.password !== "") {
      throw new GuardedFetchError("bad_url", "The adapter's address must not carry a user name or password.", false);
    }
    request.signal?.throwIfAborted();
    const addresses = await checkedAddresses(url, where);
    if (url.protocol === "http:" && !addresses.every(isLoopback)) {
      throw new GuardedFetchError("insecure_url", `Explore calls adapters over https only; ${url.origin} is plain http.`, false);
    }
    request.signal?.throwIfAborted();

    let response: Awaited<ReturnType<typeof undiciFetch>>;
    try {
      response = await undiciFetch(url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: "manual",
        signal: request.signal,
        dispatcher: agentFor(url, addresses),
      });
    } catch (error) {
      if (isAbort(error, request.signal)) throw error;
      throw translateNetworkError(error, where);
    }

    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw new GuardedFetchError("redirect", `The adapter at ${where} answered with a redirect, which Explore does not follow.`, true);
    }
    const declared = Number(response.headers.get("content-length") ?? "NaN");
    if (Number.isFinite(declared) && declared > opts.maxResponseBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge(where, opts.maxResponseBytes);
    }
    const body =
      response.body === null || NULL_BODY_STATUSES.has(response.status) ? null : capBody(response.body, opts.maxResponseBytes, where, request.signal);
    return new Response(body, { status: response.status, statusText: response.statusText, headers: [...response.headers] });
  }

  async function close(): Promise<void> {
    const all = [...agents.values()];
    agents.clear();
    await Promise.all(all.map((a) => a.close().catch(() => undefined)));
  }

  return Object.assign(guardedFetch, { close });
}

function pinnedLookup(addresses: string[]): LookupFunction {
  const answers = addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  return (_hostname, options, callback) => {
    // Node's net module asks for `all` when autoSelectFamily is on (Node's default) and tries them in turn.
    if (options.all === true) {
      callback(null, answers);
      return;
    }
    const first = answers[0];
    if (first === undefined) callback(Object.assign(new Error("no checked address"), { code: "ENOTFOUND" }), "", 4);
    else callback(null, first.address, first.family);
  };
}
