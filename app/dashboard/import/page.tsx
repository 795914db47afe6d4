import type { Metadata } from "next";
import Link from "next/link";
import { ImportForm } from "@/components/dashboard/import-form";
import { requireViewer } from "@/lib/model/accounts/viewer";

export const metadata: Metadata = { title: "Import an agent.json" };

export default async function ImportPage() {
  await requireViewer("/dashboard/import");
  return (
    <div className="flex flex-col gap-6">
      <div>
        <p className="text-sm">
          <Link href="/dashboard" className="text-accent underline">
            Dashboard
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Import an agent.json</h1>
        <p className="mt-1 text-muted-foreground">
          Importing a handle you already have replaces that agent, all at once. New agents start unpublished unless you publish them right away.
        </p>
        <p className="mt-1 text-muted-foreground">
          A document in another of the network&apos;s formats (an A2A agent card, a GA4GH registry agent entry or an A2AWire registration) is not imported: it
          opens as a draft in the editor, with what agent.json needs and the format lacks marked to complete.
        </p>
      </div>
      <ImportForm />
    </div>
  );
}
