import type { Metadata } from "next";
import Link from "next/link";
import { ConnectForm } from "@/components/dashboard/connect-form";
import { requireViewer } from "@/lib/model/accounts/viewer";
import { findOwnedAgents } from "@/lib/domain/agents/queries";

export const metadata: Metadata = { title: "Connect an MCP server" };

export default async function ConnectPage() {
  const viewer = await requireViewer("/dashboard/connect");
  const agents = await findOwnedAgents(viewer.id);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <p className="text-sm">
          <Link href="/dashboard" className="text-accent underline">
            Dashboard
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Connect an MCP server</h1>
        <p className="mt-1 max-w-2xl text-muted-foreground">
          Explore lists the server&apos;s tools and drafts an agent.json from them: one service per tool. You write what the tools cannot say — your handle,
          what each service does not do, how you handle data — then import it.
        </p>
      </div>
      <ConnectForm ownHandles={agents.map((agent) => agent.handle)} />
    </div>
  );
}
