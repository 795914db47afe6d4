import ipaddr from "ipaddr.js";

// Which network addresses Explore may call on a publisher's behalf: public unicast only.
// Pure functions; guarded-fetch.ts applies them to every outbound request.

export type AddressCheck = { ok: true } | { ok: false; reason: string };

export interface AddressGuardOptions {
  /** Development and tests: permits 127.0.0.0/8 and ::1, and nothing else that is otherwise refused. */
  allowLoopback: boolean;
}

export type HostLiteral = { kind: "ipv4"; address: string } | { kind: "ipv6"; address: string } | { kind: "name"; name: string };

const ipv4RangeWords: Record<string, string> = {
  unspecified: "an unspecified address (0.0.0.0/8)",
  broadcast: "the broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address (169.254.0.0/16, where cloud metadata services live)",
  loopback: "a loopback address (this machine)",
  carrierGradeNat: "a carrier-grade NAT address (100.64.0.0/10)",
  private: "a private network address",
  reserved: "a reserved or documentation address",
  as112: "a reserved anycast address (AS112)",
  amt: "a reserved anycast address (AMT)",
  benchmarking: "a benchmarking address",
};

const ipv6RangeWords: Record<string, string> = {
  unspecified: "the unspecified address (::)",
  linkLocal: "a link-local address (fe80::/10)",
  multicast: "a multicast address",
  loopback: "the loopback address (this machine)",
  uniqueLocal: "a unique-local (private) address (fc00::/7)",
  rfc6145: "an IPv4-translated address",
  rfc6052: "a NAT64 address (64:ff9b::/96)",
  "6to4": "a 6to4 transition address (2002::/16)",
  teredo: "a Teredo transition address (2001::/32)",
  reserved: "a reserved or documentation address",
  benchmarking: "a benchmarking address",
  discard: "a discard-only address",
  deprecatedSiteLocal: "a site-local address (fec0::/10)",
};

/**
 * Whether Explore may connect to `ip` (an IPv4 or IPv6 literal, without brackets).
 * Allowed: IPv4 unicast outside every special range; IPv6 inside 2000::/3 outside every special range;
 * an IPv4-mapped IPv6 address when its IPv4 address is allowed. Transition forms (6to4, Teredo, NAT64)
 * are refused outright: they can reach private IPv4 networks through a gateway.
 */
export function checkAddress(ip: string, opts: AddressGuardOptions): AddressCheck {
  const bare = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  if (!ipaddr.isValid(bare)) return { ok: false, reason: `"${ip}" is not an IP address` };
  const parsed = ipaddr.parse(bare);

  if (parsed.kind() === "ipv4") {
    const v4 = ipaddr.IPv4.parse(bare);
    // Only the strict dotted form: "127.1" or "0x7f.1" must have been normalised (see parseHostLiteral) before this.
    if (!ipaddr.IPv4.isValidFourPartDecimal(bare)) {
      return { ok: false, reason: `"${ip}" is not in dotted-decimal form` };
    }
    return checkIPv4(v4, opts);
  }

  const v6 = ipaddr.IPv6.parse(bare);
  if (v6.zoneId !== undefined) return { ok: false, reason: `${ip} carries a zone index, which only link-local addresses use` };
  if (v6.isIPv4MappedAddress()) {
    const embedded = v6.toIPv4Address();
    // Loopback is allowed in its plain forms only; the mapped form is a way around checks, not a need.
    const inner = checkIPv4(embedded, { allowLoopback: false });
    return inner.ok ? inner : { ok: false, reason: `${ip} is an IPv4-mapped address of ${embedded.toString()}, ${stripSubject(inner.reason)}` };
  }
  const range = v6.range();
  if (range === "loopback") {
    return opts.allowLoopback ? { ok: true } : { ok: false, reason: `${ip} is ${ipv6RangeWords.loopback}` };
  }
  if (range !== "unicast") {
    return { ok: false, reason: `${ip} is ${ipv6RangeWords[range] ?? `a special-purpose address (${range})`}` };
  }
  const firstPart = v6.parts[0] ?? 0;
  if ((firstPart & 0xe000) !== 0x2000) {
    const compatible = v6.parts.slice(0, 6).every((p) => p === 0);
    return {
      ok: false,
      reason: compatible
        ? `${ip} is an IPv4-compatible IPv6 address (deprecated), which Explore does not call`
        : `${ip} is not a global unicast IPv6 address (2000::/3)`,
    };
  }
  return { ok: true };
}

function checkIPv4(v4: ipaddr.IPv4, opts: AddressGuardOptions): AddressCheck {
  const range = v4.range();
  const shown = v4.toString();
  if (range === "unicast") return { ok: true };
  if (range === "loopback" && opts.allowLoopback) return { ok: true };
  return { ok: false, reason: `${shown} is ${ipv4RangeWords[range] ?? `a special-purpose address (${range})`}` };
}

function stripSubject(reason: string): string {
  const at = reason.indexOf(" is ");
  return at >= 0 ? `which is ${reason.slice(at + 4)}` : reason;
}

/**
 * What a URL's host denotes, normalised exactly as WHATWG URL parsing does (the parser fetch itself
 * uses), so "2130706433", "0x7f000001", "0177.0.0.1" and "127.1" all come out as 127.0.0.1 and
 * cannot slip past the address check as "names". Returns null when the host is not a valid URL host.
 */
export function parseHostLiteral(host: string): HostLiteral | null {
  if (host.length === 0 || /[\s/?#@\\]/.test(host)) return null;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
  if (hostname.startsWith("[") && hostname.endsWith("]")) {
    const address = hostname.slice(1, -1);
    return ipaddr.IPv6.isValid(address) ? { kind: "ipv6", address } : null;
  }
  if (ipaddr.IPv4.isValidFourPartDecimal(hostname)) return { kind: "ipv4", address: hostname };
  if (hostname.length === 0) return null;
  return { kind: "name", name: hostname };
}
