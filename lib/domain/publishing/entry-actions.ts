"use server";

import { fail } from "@/lib/foundations/action-result";
import { revalidateListings } from "@/lib/domain/agents/revalidate-listings";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import { connectFormInput, connectFormRefusal, connectFromForm } from "@/lib/domain/publishing/connect-from-form";
import { importAgentFromForm, importFormInput, importFormRefusal, keptText } from "@/lib/domain/publishing/import-from-form";

// The dashboard's two ways in: an agent.json (or a foreign document) imported, an MCP server connected.

export const importAgentAction = viewerAction(
  importFormInput,
  async (viewer, input) => {
    const limit = await consume("imports", viewer.id);
    // The pasted document stays in the form, to import once the wait is over.
    if (!limit.ok) return fail(limit.message, undefined, { errors: [], text: keptText(input.text) });
    const result = await importAgentFromForm(viewer, input);
    if (result.ok) revalidateListings();
    return result;
  },
  { returnTo: "/dashboard/import", invalid: importFormRefusal },
);

export const connectMcpAction = viewerAction(
  connectFormInput,
  async (viewer, input) => {
    const limit = await consume("connects", viewer.id);
    if (!limit.ok) return fail(limit.message, undefined, { url: input.url, headerName: input.headerName ?? "", compare: input.compare ?? "" });
    // Nothing is written: the draft goes back to the form, and from there through the import like any agent.json.
    return connectFromForm(viewer, input);
  },
  { returnTo: "/dashboard/connect", invalid: connectFormRefusal },
);
