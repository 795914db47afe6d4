import { afterEach, describe, expect, it, vi } from "vitest";

const auth = vi.hoisted(() => vi.fn<() => Promise<{ user?: { id?: string } } | null>>());
const findUnique = vi.hoisted(() => vi.fn());
vi.mock("@/lib/accounts/auth", () => ({ auth }));
vi.mock("@/lib/db", () => ({ db: { user: { findUnique } } }));
const sentCookies = vi.hoisted(() => ({ names: ["authjs.session-token"] }));
vi.mock("next/headers", () => ({ cookies: async () => ({ getAll: () => sentCookies.names.map((name) => ({ name, value: "token" })) }) }));

import { getViewer, requireViewer } from "@/lib/accounts/viewer";
import { redirectTarget } from "@/lib/testing/next-redirect";

afterEach(() => {
  auth.mockReset();
  findUnique.mockReset();
  sentCookies.names = ["authjs.session-token"];
});

describe("getViewer", () => {
  it("is null without asking Auth.js when no session cookie is sent", async () => {
    sentCookies.names = ["authjs.csrf-token", "authjs.callback-url", "theme"];
    auth.mockResolvedValue({ user: { id: "u1" } });
    await expect(getViewer()).resolves.toBeNull();
    expect(auth).not.toHaveBeenCalled();
  });

  it("asks Auth.js when the session cookie is sent, with or without the https prefix", async () => {
    for (const name of ["authjs.session-token", "__Secure-authjs.session-token"]) {
      sentCookies.names = [name];
      auth.mockResolvedValue({ user: { id: "u1" } });
      findUnique.mockResolvedValue({ id: "u1", email: "ada@example.com", name: null, dateOfBirth: null, showMature: false });
      await expect(getViewer()).resolves.toMatchObject({ id: "u1" });
    }
    expect(auth).toHaveBeenCalledTimes(2);
  });

  it("is null when signed out", async () => {
    auth.mockResolvedValue(null);
    await expect(getViewer()).resolves.toBeNull();
    expect(findUnique).not.toHaveBeenCalled();
  });

  it("is null when the session's user no longer exists", async () => {
    auth.mockResolvedValue({ user: { id: "gone" } });
    findUnique.mockResolvedValue(null);
    await expect(getViewer()).resolves.toBeNull();
  });

  it("loads the viewer's own fields", async () => {
    const dateOfBirth = new Date("1990-05-01");
    auth.mockResolvedValue({ user: { id: "u1" } });
    findUnique.mockResolvedValue({ id: "u1", email: "ada@example.com", name: "Ada", dateOfBirth, showMature: true });
    await expect(getViewer()).resolves.toEqual({
      id: "u1",
      email: "ada@example.com",
      name: "Ada",
      dateOfBirth,
      showMature: true,
      isAdmin: false,
    });
    expect(findUnique).toHaveBeenCalledWith(expect.objectContaining({ where: { id: "u1" } }));
  });
});

describe("requireViewer", () => {
  it("redirects a signed-out visitor to sign in, keeping the return path", async () => {
    auth.mockResolvedValue(null);
    await expect(redirectTarget(requireViewer("/dashboard"))).resolves.toBe("/sign-in?callbackUrl=%2Fdashboard");
  });

  it("returns the signed-in viewer", async () => {
    auth.mockResolvedValue({ user: { id: "u2" } });
    findUnique.mockResolvedValue({ id: "u2", email: "b@example.com", name: null, dateOfBirth: null, showMature: false });
    await expect(requireViewer("/dashboard")).resolves.toMatchObject({ id: "u2", email: "b@example.com" });
  });
});
