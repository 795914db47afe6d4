import { describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { isDatabaseUnavailable } from "./unavailable";

// The shapes are those a stopped PostgreSQL produced (lib/edges/operations/database-outage.test.ts starts and stops one).

function prismaError(code: string, cause: Record<string, unknown>): Prisma.PrismaClientKnownRequestError {
  return new Prisma.PrismaClientKnownRequestError("Invalid invocation", {
    code,
    clientVersion: "7",
    meta: { driverAdapterError: { name: "DriverAdapterError", cause } },
  });
}

function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: "connect", address: "127.0.0.1", port: 5432 });
}

function postgresError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: "FATAL" });
}

describe("isDatabaseUnavailable", () => {
  it("knows Prisma's errors for a database it cannot reach or that went away", () => {
    expect(isDatabaseUnavailable(prismaError("P1001", { kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5432 }))).toBe(true);
    expect(isDatabaseUnavailable(prismaError("P1017", { kind: "ConnectionClosed" }))).toBe(true);
    // A raw query's failure says P2010 and names the cause in its meta.
    expect(isDatabaseUnavailable(prismaError("P2010", { kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5432 }))).toBe(true);
    expect(
      isDatabaseUnavailable(prismaError("P2010", { kind: "postgres", code: "57P01", message: "terminating connection due to administrator command" })),
    ).toBe(true);
    expect(isDatabaseUnavailable(prismaError("P2010", { kind: "postgres", code: "57P03", message: "the database system is shutting down" }))).toBe(true);
  });

  it("knows pg's errors (the rate limits' and the event connection's pools)", () => {
    expect(isDatabaseUnavailable(socketError("ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(socketError("ECONNRESET"))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([socketError("ECONNREFUSED"), socketError("ECONNREFUSED")]))).toBe(true);
    expect(isDatabaseUnavailable(postgresError("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error("Connection terminated due to connection timeout", { cause: new Error("Connection terminated unexpectedly") })),
    ).toBe(true);
  });

  it("leaves bugs, refused writes and publishers' unreachable adapters alone", () => {
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnavailable(new Prisma.PrismaClientKnownRequestError("Unique constraint failed", { code: "P2002", clientVersion: "7" }))).toBe(false);
    expect(isDatabaseUnavailable(prismaError("P2010", { kind: "postgres", code: "23505", message: "duplicate key value violates unique constraint" }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(postgresError("42P01", 'relation "Agent" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("fetch failed", { cause: socketError("ECONNREFUSED") }))).toBe(false);
  });
});
