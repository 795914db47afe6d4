import { describe, expect, it } from "vitest";
import { checkAddress, parseHostLiteral } from "./address-guard";

const strict = { allowLoopback: false };
const dev = { allowLoopback: true };

/** What the guard does with a URL host, the way guarded-fetch applies it (WHATWG normalisation first). */
function hostVerdict(host: string, opts = strict): boolean {
  const literal = parseHostLiteral(host);
  if (literal === null || literal.kind === "name") throw new Error(`${host} is not an IP literal`);
  return checkAddress(literal.address, opts).ok;
}

describe("checkAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.0.0.1",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "0.0.0.0",
    "100.64.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "192.0.2.1",
    "198.51.100.7",
    "203.0.113.9",
    "198.18.0.1",
    "240.0.0.1",
    "::1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::127.0.0.1",
    "::7f00:1",
    "64:ff9b::a00:1",
    "64:ff9b::8.8.8.8",
    "2002:a00:1::1",
    "2001:0:4136:e378:8000:63bf:f5ff:fffe",
    "2001:db8::1",
    "fec0::1",
    "100::1",
  ])("refuses %s by default", (ip) => {
    const verdict = checkAddress(ip, strict);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason.length).toBeGreaterThan(10);
  });

  it.each(["8.8.8.8", "1.1.1.1", "93.184.216.34", "2606:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8"])("allows the public address %s", (ip) => {
    expect(checkAddress(ip, strict)).toEqual({ ok: true });
  });

  it("explains in words", () => {
    expect(checkAddress("169.254.169.254", strict)).toEqual({
      ok: false,
      reason: "169.254.169.254 is a link-local address (169.254.0.0/16, where cloud metadata services live)",
    });
    expect(checkAddress("::ffff:10.0.0.1", strict)).toEqual({
      ok: false,
      reason: "::ffff:10.0.0.1 is an IPv4-mapped address of 10.0.0.1, which is a private network address",
    });
  });

  it("allowLoopback permits 127.0.0.0/8 and ::1 and nothing else", () => {
    expect(checkAddress("127.0.0.1", dev)).toEqual({ ok: true });
    expect(checkAddress("127.5.5.5", dev)).toEqual({ ok: true });
    expect(checkAddress("::1", dev)).toEqual({ ok: true });
    for (const ip of ["10.0.0.1", "169.254.169.254", "192.168.0.1", "0.0.0.0", "::ffff:127.0.0.1", "fe80::1", "fc00::1", "100.64.0.1"]) {
      expect(checkAddress(ip, dev).ok, ip).toBe(false);
    }
  });

  it("refuses things that are not addresses, and short IPv4 forms that were not normalised", () => {
    expect(checkAddress("example.com", strict).ok).toBe(false);
    expect(checkAddress("127.1", dev).ok).toBe(false);
    expect(checkAddress("2130706433", dev).ok).toBe(false);
  });
});

describe("parseHostLiteral (WHATWG URL normalisation)", () => {
  it("agrees with the URL parser fetch uses", () => {
    expect(new URL("http://2130706433/").hostname).toBe("127.0.0.1");
    expect(new URL("http://0x7f000001/").hostname).toBe("127.0.0.1");
    expect(new URL("http://0177.0.0.1/").hostname).toBe("127.0.0.1");
    expect(new URL("http://127.1/").hostname).toBe("127.0.0.1");
  });

  it.each([
    ["2130706433", "127.0.0.1"],
    ["0x7f000001", "127.0.0.1"],
    ["0x7F.0.0.1", "127.0.0.1"],
    ["0177.0.0.1", "127.0.0.1"],
    ["017700000001", "127.0.0.1"],
    ["127.1", "127.0.0.1"],
    ["127.0.1", "127.0.0.1"],
    ["10.1", "10.0.0.1"],
    ["0", "0.0.0.0"],
    ["167772161", "10.0.0.1"],
    ["0xa9fea9fe", "169.254.169.254"],
    ["8.8.8.8", "8.8.8.8"],
  ])("reads %s as %s", (host, address) => {
    expect(parseHostLiteral(host)).toEqual({ kind: "ipv4", address });
  });

  it("reads bracketed IPv6 in its canonical form", () => {
    expect(parseHostLiteral("[::1]")).toEqual({ kind: "ipv6", address: "::1" });
    expect(parseHostLiteral("[::ffff:127.0.0.1]")).toEqual({ kind: "ipv6", address: "::ffff:7f00:1" });
    expect(parseHostLiteral("[0:0:0:0:0:0:0:1]")).toEqual({ kind: "ipv6", address: "::1" });
  });

  it("keeps names as names (lower-cased, punycoded) and rejects what is not a host", () => {
    expect(parseHostLiteral("Adapter.Example.COM")).toEqual({ kind: "name", name: "adapter.example.com" });
    expect(parseHostLiteral("bücher.example")).toEqual({ kind: "name", name: "xn--bcher-kva.example" });
    expect(parseHostLiteral("")).toBeNull();
    expect(parseHostLiteral("evil.com@127.0.0.1")).toBeNull();
    expect(parseHostLiteral("a/b")).toBeNull();
    expect(parseHostLiteral("1.2.3.256")).toBeNull();
    expect(parseHostLiteral("[::1")).toBeNull();
  });

  it.each(["2130706433", "0x7f000001", "127.1", "0177.0.0.1", "[::1]", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "0", "0xa9fea9fe"])(
    "the guard refuses %s once normalised",
    (host) => {
      expect(hostVerdict(host)).toBe(false);
    },
  );
});
