import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionViewer } from "@/lib/model/accounts/session-viewer";

const auth = vi.hoisted(() => vi.fn<() => Promise<{ user?: Partial<SessionViewer> } | null>>());
vi.mock("@/lib/model/accounts/auth", () => ({ auth }));
const sentCookies = vi.hoisted(() => ({ names: ["authjs.session-token"] }));
vi.mock("next/headers", () => ({ cookies: async () => ({ getAll: () => sentCookies.names.map((name) => ({ name, value: "token" })) }) }));

import { getViewer, requireViewer } from "@/lib/model/accounts/viewer";
import { redirectTarget } from "@/lib/testing/next-redirect";

const ada: SessionViewer = { id: "u1", email: "ada@example.com", name: "Ada", dateOfBirth: "1990-05-01T00:00:00.000Z", showMature: true };

afterEach(() => {
  auth.mockReset();
  sentCookies.names = ["authjs.session-token"];
});

describe("getViewer", () => {
  it("is null without asking Auth.js when no session cookie is sent", async () => {
    sentCookies.names = ["authjs.csrf-token", "authjs.callback-url", "theme"];
    auth.mockResolvedValue({ user: ada });
    await expect(getViewer()).resolves.toBeNull();
    expect(auth).not.toHaveBeenCalled();
  });

  it("asks Auth.js when the session cookie is sent, with or without the https prefix", async () => {
    for (const name of ["authjs.session-token", "__Secure-authjs.session-token"]) {
      sentCookies.names = [name];
      auth.mockResolvedValue({ user: ada });
      await expect(getViewer()).resolves.toMatchObject({ id: "u1" });
    }
    expect(auth).toHaveBeenCalledTimes(2);
  });

  it("is null when signed out", async () => {
    auth.mockResolvedValue(null);
    await expect(getViewer()).resolves.toBeNull();
  });

  it("is null when the session does not carry the viewer's fields", async () => {
    auth.mockResolvedValue({ user: { id: "u1", email: "ada@example.com" } });
    await expect(getViewer()).resolves.toBeNull();
  });

  it("is the viewer the session carries, its date of birth a date again", async () => {
    auth.mockResolvedValue({ user: ada });
    await expect(getViewer()).resolves.toEqual({
      id: "u1",
      email: "ada@example.com",
      name: "Ada",
      dateOfBirth: new Date("1990-05-01"),
      showMature: true,
      isAdmin: false,
    });
  });
});

describe("requireViewer", () => {
  it("redirects a signed-out visitor to sign in, keeping the return path", async () => {
    auth.mockResolvedValue(null);
    await expect(redirectTarget(requireViewer("/dashboard"))).resolves.toBe("/sign-in?callbackUrl=%2Fdashboard");
  });

  it("returns the signed-in viewer", async () => {
    auth.mockResolvedValue({ user: { id: "u2", email: "b@example.com", name: null, dateOfBirth: null, showMature: false } });
    await expect(requireViewer("/dashboard")).resolves.toMatchObject({ id: "u2", email: "b@example.com", dateOfBirth: null });
  });
});
