import ipaddr from "ipaddr.js";
import { env } from "@/lib/foundations/env";

// The client address that per-client rate limits count against (lib/foundations/rate-limits), from X-Forwarded-For as
// Next.js hands it to a route handler or a server action. Route handlers and actions never see the socket:
// Next's server sets X-Forwarded-For to the socket's address only when the request carries none
// (`req.headers['x-forwarded-for'] ??= socket.remoteAddress`, next/dist/server/base-server.js); a header the
// client sent itself is passed on unchanged.
//
// The rule: each reverse proxy Explore trusts appends the address it received the request from, so with
// EXPLORE_TRUSTED_PROXIES = n ≥ 1 the client is the n-th entry from the right (the last proxy's own address
// is the socket's, which Next does not add). Entries further left were written by the client and are
// ignored, so a client cannot pick its bucket by sending the header. With n = 0 (nothing in front: the demo, the
// tests) the right-most entry is taken, the socket's address unless the client sent the header itself; production
// always has Varnish or a load balancer in front, and sets n (docs/operations.md).
//
// An IPv6 client counts by its /64 (one subscriber's network, from which any address may be used), an
// IPv4-mapped IPv6 address as its IPv4 address; what is not an address counts as "unknown".

/** The bucket an X-Forwarded-For value (all hops, comma-separated) stands for, given the trusted proxies. */
export function clientAddressFromForwardedFor(forwardedFor: string | null | undefined, trustedProxies: number): string {
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter((hop) => hop !== "");
  // Fewer hops than trusted proxies: it came through fewer of them, and the left-most was still written by one.
  const index = Math.max(0, hops.length - Math.max(1, trustedProxies));
  return addressBucket(hops[index]);
}

/** The client address of a request (route handler Request headers, or `await headers()` in an action). */
export function clientAddress(headers: Pick<Headers, "get">): string {
  return clientAddressFromForwardedFor(headers.get("x-forwarded-for"), env.EXPLORE_TRUSTED_PROXIES);
}

/** One spelling per client: IPv4 dotted, IPv6 as its /64, and "unknown" for anything else. */
export function addressBucket(hop: string | undefined): string {
  const bare = withoutPort(hop ?? "");
  if (!ipaddr.isValid(bare)) return "unknown";
  const address = ipaddr.process(bare);
  if (address.kind() === "ipv4") return address.toString();
  const parts = ipaddr.IPv6.parse(address.toString()).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(":")}::/64`;
}

// Some proxies write "203.0.113.7:51234" or "[2001:db8::1]:443".
function withoutPort(hop: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(hop);
  if (bracketed?.[1] !== undefined) return bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(hop);
  if (v4WithPort?.[1] !== undefined) return v4WithPort[1];
  return hop;
}
