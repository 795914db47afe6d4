import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { draftFromTools } from "@/lib/domain/publishing/draft-from-tools";
import { checkDraftText } from "@/lib/domain/publishing/draft-check";
import { SUGGESTION_PREFIX } from "@/lib/domain/publishing/suggestions";
import { CapabilityForm } from "./capability-form";
import { EditorContext, fieldId, type EditorDoc } from "./fields";

// Every field a draft leaves to its publisher has a place in the form: a connected server's destructive tool
// is drafted as an external action with `outside_action` to complete, and the form asks for it.

function control(html: string, pointer: string): string {
  return new RegExp(`<(input|textarea|select)[^>]*id="${fieldId(pointer)}"[^>]*>`).exec(html)?.[0] ?? "";
}

function editor(doc: unknown, errorsAt: (pointer: string) => string[] = () => []): EditorDoc {
  return { doc, frozen: false, errorsAt, set: () => {} };
}

const destructiveTool = {
  name: "zap_widget",
  title: "Zap a widget",
  description: "Zaps one of the user's widgets for good.",
  inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
  outputSchema: { type: "object" },
  annotations: { destructiveHint: true },
};

describe("the capability form", () => {
  it("has a field for every capability path a connected server's draft leaves to complete or suggests, outside_action among them", () => {
    const draft = draftFromTools([destructiveTool], {
      endpoint: "https://mcp.example.com/mcp",
      serverInfo: { name: "notes", title: null, version: "1", description: null, websiteUrl: null },
    });
    const text = JSON.stringify(draft.document, null, 2);
    const { errors } = checkDraftText(text);
    const html = renderToStaticMarkup(
      <EditorContext value={editor(draft.document, (p) => errors.filter((e) => e.path === p).map((e) => e.message))}>
        <CapabilityForm index={0} />
      </EditorContext>,
    );
    // What is left to write, and what Explore suggested (to confirm or change at its field).
    const paths = [...draft.toComplete, ...draft.suggestions].map((t) => t.path).filter((p) => p.startsWith("/capabilities/0/"));
    expect(paths).toContain("/capabilities/0/outside_action");
    for (const path of paths) expect(control(html, path), path).not.toBe("");
    expect(control(html, "/capabilities/0/outside_action")).toContain('aria-invalid="true"');
    for (const label of [
      "Sends messages",
      "Schedules appointments or events",
      "Creates or changes records",
      "Submits forms or applications",
      "Makes purchases",
    ]) {
      expect(html).toContain(`>${label}</option>`);
    }
    for (const pointer of ["idempotency_argument", "dry_run_argument", "outcome_lookup", "escalate"])
      expect(control(html, `/capabilities/0/effects/${pointer}`)).not.toBe("");
  });

  it("shows a chosen outside action, and no such fields for a read-only capability", () => {
    const external = renderToStaticMarkup(
      <EditorContext value={editor({ capabilities: [{ class: "external_action", outside_action: "records", effects: { escalate: true } }] })}>
        <CapabilityForm index={0} />
      </EditorContext>,
    );
    expect(external).toMatch(/<option value="records" selected="">Creates or changes records<\/option>/);
    const readOnly = renderToStaticMarkup(
      <EditorContext value={editor({ capabilities: [{ class: "read_only" }] })}>
        <CapabilityForm index={0} />
      </EditorContext>,
    );
    expect(control(readOnly, "/capabilities/0/outside_action")).toBe("");
  });

  it("marks a field holding Explore's suggestion and offers to confirm it there", () => {
    const message = `${SUGGESTION_PREFIX} ("read_only"): Its annotations say it changes nothing. Confirm it, or change it.`;
    const html = renderToStaticMarkup(
      <EditorContext
        value={{ ...editor({ capabilities: [{ class: "read_only" }] }, (p) => (p === "/capabilities/0/class" ? [message] : [])), confirm: () => {} }}
      >
        <CapabilityForm index={0} />
      </EditorContext>,
    );
    expect(html).toContain("awaiting your confirmation (&quot;read_only&quot;): Its annotations say it changes nothing.");
    expect(html.match(/Confirm the suggestion<span class="sr-only"> for ([^<]+)<\/span>/g)).toEqual([
      'Confirm the suggestion<span class="sr-only"> for Class</span>',
    ]);
  });
});
