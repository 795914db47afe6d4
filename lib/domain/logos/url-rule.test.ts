import { describe, expect, it } from "vitest";
import { fetchUrlProblem } from "./url-rule";

// The scheme check decides from the URL alone: none of these is fetched, not even to be refused.

describe("which logo and terms URLs are fetched at all", () => {
  it("takes https anywhere", () => {
    expect(fetchUrlProblem("https://cdn.example.com/logo.png", "logo", false)).toBeNull();
    expect(fetchUrlProblem("https://cdn.example.com/terms", "terms", true)).toBeNull();
  });

  it("refuses plain http to a public host, in words, even where loopback is allowed", () => {
    expect(fetchUrlProblem("http://cdn.example.com/logo.png", "logo", false)).toBe("http:// logos are not accepted; use https.");
    expect(fetchUrlProblem("http://cdn.example.com/logo.png", "logo", true)).toBe("http:// logos are not accepted; use https.");
    expect(fetchUrlProblem("http://10.0.0.1/terms.txt", "terms", true)).toBe("http:// terms URLs are not accepted; use https.");
  });

  it("takes plain http to loopback only where loopback adapters are allowed (demo, tests)", () => {
    for (const url of ["http://127.0.0.1:4510/files/logo.png", "http://localhost/logo.png", "http://[::1]:80/logo.png", "http://127.1.2.3/logo.png"]) {
      expect(fetchUrlProblem(url, "logo", true), url).toBeNull();
      expect(fetchUrlProblem(url, "logo", false), url).toBe("http:// logos are not accepted; use https.");
    }
    // A name that merely starts like loopback is not loopback.
    expect(fetchUrlProblem("http://127.0.0.1.example.com/logo.png", "logo", true)).toBe("http:// logos are not accepted; use https.");
  });

  it("refuses other schemes, credentials and what is not a URL", () => {
    expect(fetchUrlProblem("ftp://example.com/logo.png", "logo", true)).toBe("ftp:// logos are not accepted; use https.");
    expect(fetchUrlProblem("data:image/png;base64,AAAA", "logo", true)).toBe("data: logos are not accepted; use https.");
    expect(fetchUrlProblem("https://user:pw@example.com/logo.png", "logo", false)).toBe("The logo URL must not carry a user name or password.");
    expect(fetchUrlProblem("logo.png", "logo", false)).toBe('The logo URL "logo.png" is not a valid URL.');
  });
});
