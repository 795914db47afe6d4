import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/foundations/db/client";
import type { Prisma } from "@/generated/prisma/client";
import type { AgentStatus, ContentRating } from "@/generated/prisma/enums";
import type { Viewer } from "@/lib/model/accounts/viewer";

// Test-only helpers: rows with unique handles and emails, and a clean-up that removes them.

const created = { users: new Set<string>(), agents: new Set<string>() };

function suffix(): string {
  return randomUUID().replace(/-/g, "").slice(0, 12);
}

export async function createTestUser(overrides: Partial<Omit<Viewer, "id" | "email">> = {}): Promise<Viewer> {
  const email = `t-${suffix()}@example.test`;
  const user = await db.user.create({
    data: {
      email,
      name: overrides.name ?? null,
      dateOfBirth: overrides.dateOfBirth ?? null,
      showMature: overrides.showMature ?? false,
    },
    select: { id: true, email: true, name: true, dateOfBirth: true, showMature: true },
  });
  created.users.add(user.id);
  return { ...user, isAdmin: overrides.isAdmin ?? false };
}

export function uniqueHandle(prefix = "t"): string {
  return `@${prefix}-${suffix()}`;
}

export type TestCapability = {
  capabilityId?: string;
  name?: string;
  listed?: boolean;
  contentRating?: ContentRating;
  extra?: Partial<Prisma.CapabilityCreateWithoutAgentInput>;
};

export async function createTestAgent(input: {
  ownerId: string;
  handle?: string;
  status?: AgentStatus;
  capabilities?: TestCapability[];
  extra?: Partial<Prisma.AgentUncheckedCreateInput>;
}): Promise<{ id: string; handle: string; capabilities: { id: string; capabilityId: string }[] }> {
  const handle = input.handle ?? uniqueHandle();
  const agent = await db.agent.create({
    data: {
      handle,
      ownerId: input.ownerId,
      status: input.status ?? "published",
      ekl: "1.0",
      mode: "service_provider",
      executionMode: "durable",
      displayName: `Agent ${handle}`,
      purpose: "Answers test questions.",
      interests: ["testing"],
      languages: ["en"],
      endpoint: "https://mcp.example.test/ekl",
      endpointPending: false,
      dataDeclared: true,
      document: {},
      ...input.extra,
      capabilities: {
        create: (input.capabilities ?? [{}]).map((c, position) => ({
          capabilityId: c.capabilityId ?? `cap_t${position}`,
          position,
          tool: `tool_${position}`,
          name: c.name ?? `Service ${position}`,
          summary: "Does a test thing for the test suite.",
          category: "testing.unit",
          contentRating: c.contentRating ?? "general",
          matureReasons: (c.contentRating ?? "general") === "mature" ? ["alcohol"] : [],
          limitations: "Test data only.",
          class: "read_only",
          repeat: "return_kept",
          storageFreeAccepted: false,
          data: {},
          version: "1.0.0",
          offered: c.listed ?? true,
          needsConfirmation: false,
          listed: c.listed ?? true,
          isPaid: false,
          hasExample: false,
          ...c.extra,
        })),
      },
    },
    select: { id: true, handle: true, capabilities: { select: { id: true, capabilityId: true }, orderBy: { position: "asc" } } },
  });
  created.agents.add(agent.id);
  return agent;
}

/** Removes every row these helpers created (capabilities, plans and tags go with their agent). */
export async function cleanUpTestRows(): Promise<void> {
  await db.agent.deleteMany({ where: { id: { in: [...created.agents] } } });
  await db.user.deleteMany({ where: { id: { in: [...created.users] } } });
  created.agents.clear();
  created.users.clear();
}

export async function deleteTestAgents(ids: string[]): Promise<void> {
  await db.agent.deleteMany({ where: { id: { in: ids } } });
  for (const id of ids) created.agents.delete(id);
}
