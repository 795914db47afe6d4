import pg from "pg";
import { requireDatabaseUrl } from "@/lib/foundations/env";
import { log } from "@/lib/foundations/log";

// PostgreSQL LISTEN/NOTIFY for the whole process over ONE connection: listing writes
// (lib/model/catalog/listing-change-listener.ts; the worker's cache purger) are heard on it. No `server-only` here: the
// worker loads it outside Next; and Next bundles instrumentation.ts apart from the routes, so the connection lives
// on globalThis.
//
// A lost connection is made again by itself (250 ms, doubling to 5 s), LISTENs again for every channel that
// has handlers, and then calls each earlier subscription's `onGap`: whatever was sent meanwhile is lost.

/** A channel is an unquoted PostgreSQL identifier, so LISTEN and pg_notify name the same channel. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const MIN_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

/** How the connection shows in pg_stat_activity (operations; the tests find it by this name). */
export const DB_EVENTS_APPLICATION_NAME = `explore events (pid ${process.pid})`;

export type DbEventHandler = (payload: string) => void;
export type ListenOptions = {
  /** After a reconnection: notifications sent on this channel while the connection was down never arrive. */
  onGap?: () => void;
};
/** Stops one subscription; resolves once its channel is UNLISTENed (if it was the last), never rejects. */
export type Unsubscribe = () => Promise<void>;

export type DbEventsStatus = {
  connected: boolean;
  /** The listening backend's pid (pg_stat_activity.pid), while connected. */
  backendPid: number | null;
  /** Channels with handlers. */
  channels: string[];
  /** Connections made so far (the first one and every reconnection). */
  connections: number;
  /** A reconnection is waiting for its backoff timer. */
  reconnectPending: boolean;
};

export type DbEvents = {
  /** Calls `handler` with each payload NOTIFYed on `channel`; resolves once LISTEN is in effect, rejects if it cannot be. */
  listen(channel: string, handler: DbEventHandler, options?: ListenOptions): Promise<Unsubscribe>;
  status(): DbEventsStatus;
  /** What PostgreSQL says this connection listens to (pg_listening_channels()); empty while disconnected. */
  listeningChannels(): Promise<string[]>;
  /** Drops every subscription and the connection; no timer is left behind. */
  close(): Promise<void>;
};

export type DbEventsOptions = { databaseUrl?: string; minRetryMs?: number; maxRetryMs?: number };

type Subscription = { handler: DbEventHandler; onGap?: () => void; missed: boolean };

type Connection = {
  client: pg.Client;
  /** Connected, and LISTENing for every channel that had handlers when it connected. */
  ready: Promise<void>;
  open: boolean;
  ended: boolean;
  backendPid: number | null;
  /** LISTEN issued on this connection, per channel. */
  listens: Map<string, Promise<void>>;
};

function checkChannel(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name (lower-case letters, digits, _): ${JSON.stringify(channel)}`);
}

class ListenConnection implements DbEvents {
  readonly #databaseUrl: () => string;
  readonly #minRetryMs: number;
  readonly #maxRetryMs: number;
  readonly #channels = new Map<string, Set<Subscription>>();
  #connection: Connection | null = null;
  #timer: NodeJS.Timeout | undefined;
  #retryMs: number;
  #connections = 0;
  #closed = false;

  constructor(options: DbEventsOptions) {
    const url = options.databaseUrl;
    this.#databaseUrl = url === undefined ? requireDatabaseUrl : () => url;
    this.#minRetryMs = options.minRetryMs ?? MIN_RETRY_MS;
    this.#maxRetryMs = options.maxRetryMs ?? MAX_RETRY_MS;
    this.#retryMs = this.#minRetryMs;
  }

  async listen(channel: string, handler: DbEventHandler, options: ListenOptions = {}): Promise<Unsubscribe> {
    checkChannel(channel);
    if (this.#closed) throw new Error("the event connection is closed");
    const subscription: Subscription = { handler, onGap: options.onGap, missed: false };
    let handlers = this.#channels.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.#channels.set(channel, handlers);
    }
    handlers.add(subscription);
    const unsubscribe = () => this.#unsubscribe(channel, subscription);
    try {
      const connection = await this.#connect();
      await this.#listenOn(connection, channel);
    } catch (error) {
      await unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  status(): DbEventsStatus {
    const connection = this.#connection;
    const open = connection?.open === true;
    return {
      connected: open,
      backendPid: open ? (connection?.backendPid ?? null) : null,
      channels: [...this.#channels.keys()],
      connections: this.#connections,
      reconnectPending: this.#timer !== undefined,
    };
  }

  async listeningChannels(): Promise<string[]> {
    const connection = this.#connection;
    if (!connection?.open) return [];
    const result = await connection.client.query<{ channel: string }>("SELECT pg_listening_channels() AS channel");
    return result.rows.map((row) => row.channel).sort();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#clearTimer();
    this.#channels.clear();
    const connection = this.#connection;
    this.#connection = null;
    if (!connection) return;
    connection.ended = true;
    await connection.client.end().catch(() => undefined);
  }

  /** The connection, once connected and listening; a new one unless one is up or on its way. */
  async #connect(): Promise<Connection> {
    if (this.#closed) throw new Error("the event connection is closed");
    // A subscriber does not wait for the backoff timer: it connects now, and the timer is no longer needed.
    if (!this.#connection) {
      this.#clearTimer();
      this.#connection = this.#open();
    }
    const connection = this.#connection;
    await connection.ready;
    return connection;
  }

  #open(): Connection {
    const client = new pg.Client({ connectionString: this.#databaseUrl(), application_name: DB_EVENTS_APPLICATION_NAME });
    const connection: Connection = { client, ready: Promise.resolve(), open: false, ended: false, backendPid: null, listens: new Map() };
    client.on("notification", (message) => {
      if (this.#connection === connection) this.#deliver(message.channel, message.payload ?? "");
    });
    // A terminated backend or a broken socket: 'error' (when no query is running) and then 'end'.
    client.on("error", () => this.#lost(connection));
    client.on("end", () => this.#lost(connection));
    connection.ready = this.#start(connection);
    // Whoever waits for it sees the failure; this only keeps an unwaited attempt from being unhandled.
    connection.ready.catch(() => undefined);
    return connection;
  }

  async #start(connection: Connection): Promise<void> {
    try {
      await connection.client.connect();
      const pid = await connection.client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      connection.backendPid = pid.rows[0]?.pid ?? null;
      await Promise.all([...this.#channels.keys()].map((channel) => this.#listenOn(connection, channel)));
      if (connection.ended) throw new Error("the event connection was lost while connecting");
    } catch (error) {
      this.#lost(connection, error);
      throw error;
    }
    connection.open = true;
    this.#connections += 1;
    this.#retryMs = this.#minRetryMs;
    if (this.#connections > 1) log.info("event connection made again", { channels: [...this.#channels.keys()] });
    for (const handlers of [...this.#channels.values()]) {
      for (const subscription of [...handlers]) {
        if (!subscription.missed) continue;
        subscription.missed = false;
        this.#call(() => subscription.onGap?.());
      }
    }
  }

  /** LISTEN once per channel and connection; every later subscriber waits for the same LISTEN. */
  #listenOn(connection: Connection, channel: string): Promise<void> {
    if (connection.ended) return Promise.reject(new Error("the event connection was lost"));
    let listening = connection.listens.get(channel);
    if (!listening) {
      listening = connection.client.query(`LISTEN ${channel}`).then(() => undefined);
      connection.listens.set(channel, listening);
    }
    return listening;
  }

  async #unsubscribe(channel: string, subscription: Subscription): Promise<void> {
    const handlers = this.#channels.get(channel);
    if (!handlers?.delete(subscription) || handlers.size > 0) return;
    this.#channels.delete(channel);
    if (this.#channels.size === 0) {
      // Nobody left to reconnect for: the next subscriber connects at once.
      this.#clearTimer();
      this.#retryMs = this.#minRetryMs;
    }
    const connection = this.#connection;
    if (!connection?.listens.delete(channel) || connection.ended) return;
    // Queued behind the LISTEN on the same connection, so a LISTEN still on its way is undone too.
    await connection.client.query(`UNLISTEN ${channel}`).catch(() => undefined);
  }

  #lost(connection: Connection, error?: unknown): void {
    if (connection.ended) return;
    connection.ended = true;
    void connection.client.end().catch(() => undefined);
    if (this.#connection !== connection) return;
    this.#connection = null;
    if (connection.open) {
      // Everyone subscribed now may miss notifications until the next connection LISTENs again.
      for (const handlers of this.#channels.values()) for (const subscription of handlers) subscription.missed = true;
      log.warn("event connection lost; making it again", { channels: [...this.#channels.keys()] });
    } else if (error !== undefined && this.#channels.size > 0) {
      log.warn("event connection could not be made", { error, retryMs: this.#retryMs });
    }
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#closed || this.#timer !== undefined || this.#channels.size === 0) return;
    const delay = this.#retryMs;
    this.#retryMs = Math.min(delay * 2, this.#maxRetryMs);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#closed || this.#channels.size === 0 || this.#connection) return;
      // A failure schedules the next attempt itself (#lost).
      this.#connect().catch(() => undefined);
    }, delay);
  }

  #clearTimer(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #deliver(channel: string, payload: string): void {
    const handlers = this.#channels.get(channel);
    if (!handlers) return;
    for (const subscription of [...handlers]) this.#call(() => subscription.handler(payload));
  }

  /** One handler's failure reaches neither the others nor the connection. */
  #call(callback: () => void): void {
    try {
      callback();
    } catch (error) {
      log.error("event handler failed", { error });
    }
  }
}

/** An event connection of its own (tests; a script with an explicit database URL). */
export function createDbEvents(options: DbEventsOptions = {}): DbEvents {
  return new ListenConnection(options);
}

const KEY = Symbol.for("explore.dbEvents");

type Holder = { [KEY]?: DbEvents };

/** The process's event connection (DATABASE_URL), made on first use; one for every copy of this module. */
export function dbEvents(): DbEvents {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= createDbEvents());
}

/** Subscribes on the process's event connection: see DbEvents.listen. */
export function listen(channel: string, handler: DbEventHandler, options?: ListenOptions): Promise<Unsubscribe> {
  return dbEvents().listen(channel, handler, options);
}

/** NOTIFY outside a transaction (through Prisma's pool; a write's own NOTIFY goes in its transaction instead). */
export async function publish(channel: string, payload: string): Promise<void> {
  checkChannel(channel);
  // Loaded on first use: lib/foundations/db/client is server-only, and the worker loads this module outside Next.
  const { db } = await import("./client");
  await db.$executeRaw`SELECT pg_notify(${channel}, ${payload})`;
}

/** Closes the process's event connection (tests, shutdown); the next `listen` makes a new one. */
export async function closeDbEvents(): Promise<void> {
  const holder = globalThis as Holder;
  const events = holder[KEY];
  delete holder[KEY];
  await events?.close();
}
