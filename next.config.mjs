import { fileURLToPath } from "node:url";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Production runs Next's own server from .next/standalone (deploy/build-web.sh, deploy/web.sh): server.js
  // with just the node_modules it needs, which the container image ships without installing any.
  output: "standalone",
  outputFileTracingRoot: fileURLToPath(new URL(".", import.meta.url)),
  // Pin the project root so a lockfile higher up the tree is never mistaken for it.
  turbopack: { root: fileURLToPath(new URL(".", import.meta.url)) },
  // proxy.ts sees requests as sent, with a client navigation's router-state header (Next otherwise hides it from
  // the proxy), so that it can refuse one Next cannot parse in words rather than let Next answer a bare 500.
  // proxy.ts neither rewrites nor redirects, which is all else this changes.
  skipProxyUrlNormalize: true,
  experimental: {
    // Next refuses a larger action body before any action runs, with an error page and no words. The
    // import form may carry a 512 KB text (its line breaks sent as CRLF) and a 512 KB file: bodies up to
    // this size reach the action, which says what is too large. Larger ones the form refuses before sending.
    // The same limit as MAX_BODY_BYTES (lib/foundations/http/body-limit.ts), which proxy.ts answers in words beyond.
    serverActions: { bodySizeLimit: "2mb" },
    // Next keeps a copy of each request's body, up to this size, for proxy.ts, which counts a body that declares no
    // length against MAX_BODY_BYTES. Past it the copy (and the body a route then reads) is cut short: kept above the
    // 2 MB limit by more than a read's chunk, so a cut body still counts as too large, and no request holds more.
    proxyClientMaxBodySize: "3mb",
  },
};

export default nextConfig;
