import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

// Test-only: a real HTTP server on loopback serving whatever files a test puts in it (logos, terms pages),
// and images made with sharp, so the checks judge real bytes.

export type ServedFile = { status?: number; contentType: string; body: Buffer | string };

export type FileServer = {
  url(path: string): string;
  set(path: string, file: ServedFile): void;
  hits(path: string): number;
  close(): Promise<void>;
};

export async function startFileServer(): Promise<FileServer> {
  const files = new Map<string, ServedFile>();
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const file = files.get(path);
    if (!file) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const body = typeof file.body === "string" ? Buffer.from(file.body, "utf8") : file.body;
    res.writeHead(file.status ?? 200, { "content-type": file.contentType, "content-length": String(body.byteLength) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address: AddressInfo | string | null = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    set: (path, file) => void files.set(path, file),
    hits: (path) => hits.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

type Format = "png" | "jpeg" | "webp" | "gif";

/** A solid image of this size and format. */
export function solidImage(width: number, height: number, format: Format = "png", colour = "#845ec2"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/** A square PNG of random pixels: it does not compress, so its size in bytes is about 3 × side². */
export function noisyPng(side: number): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  let seed = 12345;
  for (let i = 0; i < pixels.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    pixels[i] = seed >>> 24;
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}
