import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parseAgentFile } from "@/lib/model/agent-file/parse";
import { minimalAgentFile } from "@/lib/model/agent-file/fixtures";
import { previewCapabilities } from "@/lib/domain/publishing/draft-preview";
import { servicePath } from "@/lib/model/addresses/paths";
import { ServiceCard } from "./service-card";

// The editor's preview draws the card of a service that has no public page yet: its names are no links
// there (a link would answer 404 until published), and it says it is a preview.

function draftService() {
  const parsed = parseAgentFile(JSON.stringify(minimalAgentFile()));
  if (!parsed.ok) throw new Error("fixture");
  const [service] = previewCapabilities(parsed.agent, "owner", new Date("2026-12-01T00:00:00Z"));
  if (!service) throw new Error("fixture");
  return service;
}

describe("ServiceCard", () => {
  it("links the service and its agent on Explore's pages", () => {
    const service = draftService();
    const html = renderToStaticMarkup(<ServiceCard service={service} />);
    expect(html).toContain(`href="${servicePath(service.agent.handle, service.capabilityId)}"`);
    expect(html).not.toContain("(preview)");
  });

  it("in the editor's preview, names them without links and says it is a preview", () => {
    const service = draftService();
    const html = renderToStaticMarkup(<ServiceCard service={service} preview />);
    expect(html).not.toContain("<a ");
    expect(html).toContain(service.name);
    expect(html).toContain("(preview)");
    expect(html).toContain(service.agent.displayName);
  });

  it("marks the search's words in its name and summary, once each, and draws unmarked text as text", () => {
    const service = draftService();
    const parts = (text: string, word: string) => {
      const at = text.indexOf(word);
      return [
        { text: text.slice(0, at), mark: false },
        { text: word, mark: true },
        { text: text.slice(at + word.length), mark: false },
      ];
    };
    const word = service.name.split(" ")[0] ?? "";
    const summaryWord = service.summary.split(" ")[1] ?? "";
    const highlight = { name: parts(service.name, word), summary: parts(service.summary, summaryWord) };
    const html = renderToStaticMarkup(<ServiceCard service={{ ...service, highlight }} />);
    // "Home search", "Searches active for-sale homes in a supported area." (lib/model/agent-file/fixtures.ts)
    expect(html).toContain('<mark class="hit">Home</mark> search</a>');
    expect(html).toContain('Searches <mark class="hit">active</mark> for-sale homes in a supported area.</p>');
    expect(html.split("for-sale homes").length).toBe(2);

    // Nothing marked: the plain text, no marks.
    const plain = renderToStaticMarkup(<ServiceCard service={{ ...service, highlight: { name: [{ text: service.name, mark: false }], summary: [] } }} />);
    expect(plain).not.toContain("<mark");
    expect(plain).toContain(service.summary);
  });
});
