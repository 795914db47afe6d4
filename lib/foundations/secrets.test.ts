import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openSecret, sealSecret, sealedWith, SecretError } from "./secrets";

const k1 = { id: "k1", key: randomBytes(32) };
const k2 = { id: "k2", key: randomBytes(32) };

describe("sealed secrets", () => {
  it("opens what it sealed, and the sealed text shows nothing of the secret", () => {
    const sealed = sealSecret("whsec_abc123", "agent-1", [k1]);
    expect(sealed).not.toContain("whsec");
    expect(sealedWith(sealed)).toBe("k1");
    expect(openSecret(sealed, "agent-1", [k1])).toBe("whsec_abc123");
    expect(sealSecret("whsec_abc123", "agent-1", [k1])).not.toBe(sealed);
  });

  it("rotates: a new first key seals, the old one still opens", () => {
    const old = sealSecret("whsec_old", "agent-1", [k1]);
    const rotated = [k2, k1];
    expect(openSecret(old, "agent-1", rotated)).toBe("whsec_old");
    expect(sealedWith(sealSecret("whsec_new", "agent-1", rotated))).toBe("k2");
    expect(() => openSecret(old, "agent-1", [k2])).toThrow(/key "k1", which is not configured/);
  });

  it("refuses a secret moved to another record or tampered with", () => {
    const sealed = sealSecret("whsec_abc123", "agent-1", [k1]);
    expect(() => openSecret(sealed, "agent-2", [k1])).toThrow(SecretError);
    const [id, iv, body] = sealed.split(":");
    const flipped = Buffer.from(body ?? "", "base64url");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => openSecret(`${id}:${iv}:${flipped.toString("base64url")}`, "agent-1", [k1])).toThrow(SecretError);
  });
});
