import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

const devMailCreate = vi.hoisted(() => vi.fn(async () => ({})));
vi.mock("@/lib/foundations/db/client", () => ({ db: { devMail: { create: devMailCreate } } }));

import { sendSignInLink, signInHtml } from "@/lib/model/accounts/send-sign-in-link";

type ReceivedMail = { from: string | false; to: string[]; raw: string };

const received: ReceivedMail[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : false,
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      callback();
    });
  },
});
let smtpUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address: AddressInfo | string | null = server.server.address();
  if (!address || typeof address === "string") throw new Error("SMTP test server has no port");
  smtpUrl = `smtp://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  received.length = 0;
  devMailCreate.mockClear();
  vi.restoreAllMocks();
});

/** Undoes quoted-printable line wrapping and escapes so a long URL can be found in the raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const link =
  "http://localhost:3000/api/auth/callback/nodemailer?callbackUrl=%2Fdashboard&token=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef&email=ada%40example.com";

describe("sendSignInLink with SMTP", () => {
  it("delivers a mail with the link to the SMTP server", async () => {
    await sendSignInLink({ to: "ada@example.com", url: link }, { smtpUrl, from: "Explore <no-reply@explore.test>" });

    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail?.to).toEqual(["ada@example.com"]);
    expect(mail?.from).toBe("no-reply@explore.test");
    const body = decodeQuotedPrintable(mail?.raw ?? "");
    expect(body).toContain("Subject: Sign in to Explore (localhost:3000)");
    expect(body).toContain("Content-Type: text/plain");
    expect(body).toContain("Content-Type: text/html");
    expect(body).toContain(link);
    expect(body).toContain(link.replaceAll("&", "&amp;"));
    expect(devMailCreate).not.toHaveBeenCalled();
  });

  it("rejects when the server refuses the recipient", async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(new Error("no such mailbox"));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", () => resolve()));
    const address = refusing.server.address();
    if (!address || typeof address === "string") throw new Error("SMTP test server has no port");
    try {
      await expect(sendSignInLink({ to: "nobody@example.com", url: link }, { smtpUrl: `smtp://127.0.0.1:${address.port}` })).rejects.toThrow();
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});

describe("sendSignInLink without SMTP", () => {
  it("writes the link to the server log in one line and does not throw", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    await expect(sendSignInLink({ to: "ada@example.com", url: link }, { smtpUrl: undefined, keepInDevMailbox: false })).resolves.toBeUndefined();
    expect(info).toHaveBeenCalledWith(`sign-in link for ada@example.com: ${link}`);
    expect(devMailCreate).not.toHaveBeenCalled();
    expect(received).toHaveLength(0);
  });

  it("keeps the link for the development mailbox when asked (development)", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    await sendSignInLink({ to: "ada@example.com", url: link }, { smtpUrl: undefined, keepInDevMailbox: true });
    expect(devMailCreate).toHaveBeenCalledWith({ data: { to: "ada@example.com", url: link } });
  });

  it("outside development (tests run with NODE_ENV=test) does not keep the link", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    await sendSignInLink({ to: "ada@example.com", url: link }, { smtpUrl: undefined });
    expect(devMailCreate).not.toHaveBeenCalled();
  });
});

describe("signInHtml", () => {
  it("escapes the link so it cannot break out of the attribute", () => {
    const html = signInHtml('https://x.test/?a="><script>', "x.test");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&quot;&gt;&lt;script&gt;");
  });
});
