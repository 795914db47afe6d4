import { getViewer } from "@/lib/accounts/viewer";
import { runTopic, subscribeRunEvents } from "@/lib/runs/progress-bus";
import type { RunEvent } from "@/lib/runs/run-types";
import { answeringUnavailable } from "@/lib/http/database-unavailable";

// The page's live view of a run in flight: a server-sent event stream of the run action's events (started,
// progress, finished). The topic is the signed-in viewer's ID plus a key the page made, so only the person who
// started a run can receive its events; nothing here is stored.

export const dynamic = "force-dynamic";

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The longest declared run is an hour; a stream never outlives that by much.
const MAX_STREAM_MS = 3_700_000;
const HEARTBEAT_MS = 15_000;

export const GET = answeringUnavailable(async (request: Request): Promise<Response> => {
  const viewer = await getViewer();
  if (!viewer) return new Response("Sign in first.", { status: 401 });
  const key = new URL(request.url).searchParams.get("key") ?? "";
  if (!KEY.test(key)) return new Response("A run key is needed.", { status: 400 });

  const encoder = new TextEncoder();
  let unsubscribe: (() => void) | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let lifetime: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const close = (controller?: ReadableStreamDefaultController<Uint8Array>) => {
    if (closed) return;
    closed = true;
    unsubscribe?.();
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    try {
      controller?.close();
    } catch {
      // already closed by the client
    }
  };

  const pending: RunEvent[] = [];
  let deliver: ((event: RunEvent) => void) | undefined;
  // Listen before answering, so the page can start the run as soon as the stream is open.
  unsubscribe = await subscribeRunEvents(runTopic(viewer.id, key), (event) => (deliver ? deliver(event) : pending.push(event)));

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (event: RunEvent) => {
        if (closed) return;
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
        if (event.type === "finished") close(controller);
      };
      deliver = send;
      controller.enqueue(encoder.encode(": listening\n\n"));
      for (const event of pending.splice(0)) send(event);
      heartbeat = setInterval(() => {
        if (!closed) controller.enqueue(encoder.encode(": keep-alive\n\n"));
      }, HEARTBEAT_MS);
      lifetime = setTimeout(() => close(controller), MAX_STREAM_MS);
      request.signal.addEventListener("abort", () => close(controller), { once: true });
    },
    cancel() {
      close();
    },
  });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", "x-accel-buffering": "no" },
  });
});
