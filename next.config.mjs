import { fileURLToPath } from "node:url";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Pin the project root so a lockfile higher up the tree is never mistaken for it.
  turbopack: { root: fileURLToPath(new URL(".", import.meta.url)) },
  experimental: {
    // Next refuses a larger action body before any action runs, with an error page and no words. The
    // import form may carry a 512 KB text (its line breaks sent as CRLF) and a 512 KB file: bodies up to
    // this size reach the action, which says what is too large. Larger ones the form refuses before sending.
    // The same limit as MAX_BODY_BYTES (lib/http/body-limit.ts), which proxy.ts answers in words beyond.
    serverActions: { bodySizeLimit: "2mb" },
  },
};

export default nextConfig;
