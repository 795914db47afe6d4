// A request whose body declares no length (sent in chunks, as with Transfer-Encoding: chunked), counting how much
// of it the code under test has pulled: reading within a limit must stop soon after it.

export type ChunkedRequest = { request: Request; pulled: () => number };

export function chunkedRequest(url: string, bytes: number, init: { method?: string; headers?: Record<string, string> } = {}): ChunkedRequest {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(64 * 1024, bytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(120));
    },
  });
  const requestInit: RequestInit & { duplex: "half" } = { method: init.method ?? "POST", headers: init.headers, body, duplex: "half" };
  return { request: new Request(url, requestInit), pulled: () => sent };
}
