import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { GuardedFetchError } from "./guarded-fetch";
import { DeadlineReached, OperationFinished } from "./mcp-call-failure";
import { scopedFetch, scopes, type Scope } from "./mcp-scoped-fetch";

// The client cache: one SDK client per (fetch, endpoint), initialised once and reused until a failure retires it.

const CLIENT_INFO = { name: "explore", version: "1.0.0" };
const MAX_CLIENTS_PER_FETCH = 256;

interface ClientEntry {
  key: string;
  pool: Map<string, ClientEntry>;
  client: Client;
  transport: StreamableHTTPClientTransport;
  ready: Promise<void>;
  connectController: AbortController;
  users: number;
  retired: boolean;
}

const pools = new WeakMap<typeof fetch, Map<string, ClientEntry>>();
const liveEntries = new Set<ClientEntry>();

export function acquire(endpoint: string, baseFetch: typeof fetch, connectDeadlineMs: number): { entry: ClientEntry; reused: boolean } {
  let pool = pools.get(baseFetch);
  if (!pool) {
    pool = new Map();
    pools.set(baseFetch, pool);
  }
  const existing = pool.get(endpoint);
  if (existing && !existing.retired) {
    pool.delete(endpoint);
    pool.set(endpoint, existing);
    existing.users += 1;
    return { entry: existing, reused: true };
  }
  const entry = createEntry(endpoint, baseFetch, pool, connectDeadlineMs);
  pool.set(endpoint, entry);
  liveEntries.add(entry);
  if (pool.size > MAX_CLIENTS_PER_FETCH) {
    const oldest = pool.values().next();
    if (!oldest.done) retire(oldest.value);
  }
  entry.users += 1;
  return { entry, reused: false };
}

function createEntry(endpoint: string, baseFetch: typeof fetch, pool: Map<string, ClientEntry>, connectDeadlineMs: number): ClientEntry {
  const connectController = new AbortController();
  let failConnect: (error: unknown) => void = () => undefined;
  const connectFailed = new Promise<never>((_, reject) => {
    failConnect = reject;
  });
  connectFailed.catch(() => undefined);
  const connectScope: Scope = {
    signal: connectController.signal,
    fail: (error) => failConnect(error),
    sentMethod: undefined,
    requestSent: false,
    fetchError: undefined,
    answered: new Set(),
  };
  const transport = new StreamableHTTPClientTransport(new URL(endpoint), {
    fetch: scopedFetch(baseFetch),
    // No resumption of broken event streams: a call either gets its answer on its own stream or fails.
    reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 1000, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1 },
  });
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  const entry: ClientEntry = {
    key: endpoint,
    pool,
    client,
    transport,
    ready: Promise.resolve(),
    connectController,
    users: 0,
    retired: false,
  };
  client.onerror = (error) => scopes.getStore()?.fail(error);
  // Runs before the SDK's own handler (Protocol.connect chains it), in the scope of the call the message belongs to.
  transport.onmessage = (message) => {
    if ("id" in message && message.id !== undefined && ("result" in message || "error" in message)) {
      scopes.getStore()?.answered.add(message.id);
    }
  };
  client.onclose = () => retire(entry);

  const timer = setTimeout(() => connectController.abort(new DeadlineReached()), connectDeadlineMs);
  const connectAborted = new Promise<never>((_, reject) => {
    connectController.signal.addEventListener("abort", () => reject(connectController.signal.reason), { once: true });
  });
  connectAborted.catch(() => undefined);
  // No `signal` for the SDK here: it would keep listening and send a cancellation for initialize when the
  // entry closes. Our timer wins over the SDK's (given a second more); closing the client clears the SDK's.
  const connecting = scopes.run(connectScope, () =>
    Promise.race([client.connect(transport, { timeout: connectDeadlineMs + 1000 }), connectFailed, connectAborted]),
  );
  entry.ready = connecting
    .catch((error: unknown) => {
      if (connectController.signal.reason instanceof DeadlineReached) throw connectController.signal.reason;
      throw error instanceof GuardedFetchError ? error : (connectScope.fetchError ?? error);
    })
    .finally(() => clearTimeout(timer));
  entry.ready.catch(() => retire(entry));
  return entry;
}

export function retire(entry: ClientEntry): void {
  if (!entry.retired) {
    entry.retired = true;
    if (entry.pool.get(entry.key) === entry) entry.pool.delete(entry.key);
  }
  if (entry.users === 0) closeEntry(entry);
}

export function release(entry: ClientEntry): void {
  entry.users -= 1;
  if (entry.retired && entry.users === 0) closeEntry(entry);
}

function closeEntry(entry: ClientEntry): void {
  if (!liveEntries.delete(entry)) return;
  entry.connectController.abort(new OperationFinished());
  void entry.client.close().catch(() => undefined);
}

/** Closes the clients made with this fetch: one made for a single call (one carrying a header) leaves none behind. */
export async function closeAdapterClientsOf(baseFetch: typeof fetch): Promise<void> {
  const pool = pools.get(baseFetch);
  if (!pool) return;
  const all = [...pool.values()];
  pools.delete(baseFetch);
  for (const entry of all) {
    entry.retired = true;
    pool.delete(entry.key);
    liveEntries.delete(entry);
    entry.connectController.abort(new OperationFinished());
  }
  await Promise.all(all.map((e) => e.client.close().catch(() => undefined)));
}

/** Closes every cached client (tests, benchmarks, worker shutdown). */
export async function closeAdapterClients(): Promise<void> {
  const all = [...liveEntries];
  for (const entry of all) {
    entry.retired = true;
    if (entry.pool.get(entry.key) === entry) entry.pool.delete(entry.key);
    liveEntries.delete(entry);
    entry.connectController.abort(new OperationFinished());
  }
  await Promise.all(all.map((e) => e.client.close().catch(() => undefined)));
}
