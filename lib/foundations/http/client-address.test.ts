import { describe, expect, it } from "vitest";
import { addressBucket, clientAddress, clientAddressFromForwardedFor } from "./client-address";

describe("clientAddressFromForwardedFor", () => {
  it("without a proxy takes the address Next filled in from the socket", () => {
    expect(clientAddressFromForwardedFor("127.0.0.1", 0)).toBe("127.0.0.1");
    expect(clientAddressFromForwardedFor("203.0.113.7", 0)).toBe("203.0.113.7");
  });

  it("behind one proxy takes the hop it appended, whatever the client wrote before it", () => {
    // The client sent "X-Forwarded-For: 198.51.100.1, 10.0.0.1"; the proxy appended the address it saw.
    expect(clientAddressFromForwardedFor("198.51.100.1, 10.0.0.1, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(clientAddressFromForwardedFor("203.0.113.7", 1)).toBe("203.0.113.7");
  });

  it("behind two proxies skips the first proxy's own address", () => {
    expect(clientAddressFromForwardedFor("198.51.100.1, 203.0.113.7, 10.0.0.2", 2)).toBe("203.0.113.7");
    // Fewer hops than proxies: the left-most hop was still written by a trusted proxy.
    expect(clientAddressFromForwardedFor("203.0.113.7", 2)).toBe("203.0.113.7");
  });

  it("never lets a client choose a new bucket by changing what it sends before the trusted hop", () => {
    const buckets = new Set(
      ["1.1.1.1", "2.2.2.2, 3.3.3.3", "garbage", ""].map((sent) => clientAddressFromForwardedFor(`${sent}${sent ? ", " : ""}203.0.113.7`, 1)),
    );
    expect([...buckets]).toEqual(["203.0.113.7"]);
  });

  it("puts a missing or unreadable address in one shared bucket", () => {
    expect(clientAddressFromForwardedFor(null, 0)).toBe("unknown");
    expect(clientAddressFromForwardedFor("", 1)).toBe("unknown");
    expect(clientAddressFromForwardedFor("not-an-address", 1)).toBe("unknown");
  });

  it("reads the header of a request", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "203.0.113.9" }))).toBe("203.0.113.9");
  });
});

describe("addressBucket", () => {
  it("counts an IPv6 client by its /64", () => {
    expect(addressBucket("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(addressBucket("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("drops a port some proxies add", () => {
    expect(addressBucket("203.0.113.7:51234")).toBe("203.0.113.7");
    expect(addressBucket("[2001:db8::1]:443")).toBe("2001:db8:0:0::/64");
  });
});
