import { handleFromParam } from "@/lib/model/addresses/paths";
import { dateWords } from "@/lib/foundations/words/dates";

// The 410 Gone answer for a deleted agent's public addresses (issue #13), built by proxy.ts: its service and
// agent pages, share images and badges, and the public API's reads of that handle. Plain functions, so the
// matching and the words are tested without a server.

export type GoneKind = "page" | "api" | "image";

// The first segments before a handle, and which kind of answer each gets.
const PREFIXES: { segments: readonly string[]; kind: GoneKind }[] = [
  { segments: ["services"], kind: "page" },
  { segments: ["agents"], kind: "page" },
  { segments: ["api", "v1", "agents"], kind: "api" },
  { segments: ["api", "v1", "services"], kind: "api" },
  { segments: ["badges"], kind: "image" },
  { segments: ["og", "services"], kind: "image" },
];

/** The handle a public address is about and the kind of answer it wants; null for every other path. */
export function goneTargetOf(pathname: string): { handle: string; kind: GoneKind } | null {
  const parts = pathname.split("/").filter(Boolean);
  for (const { segments, kind } of PREFIXES) {
    if (parts.length <= segments.length || !segments.every((s, i) => parts[i] === s)) continue;
    const raw = parts[segments.length];
    const handle = raw === undefined ? null : handleFromParam(raw);
    return handle ? { handle, kind } : null;
  }
  return null;
}

export function goneSentence(deletedAt: Date): string {
  return `This agent was deleted by its publisher on ${dateWords(deletedAt)}.`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The body and content type of the 410 answer; the API's is a problem document like its other errors (docs/api.md). */
export function goneAnswer(handle: string, deletedAt: Date, kind: GoneKind, path = ""): { body: string; contentType: string } {
  const sentence = goneSentence(deletedAt);
  if (kind === "api") {
    const problem = {
      type: "urn:explore:problem:gone",
      title: "Gone",
      status: 410,
      detail: sentence,
      instance: path,
      handle,
      deletedAt: deletedAt.toISOString(),
    };
    return { body: JSON.stringify(problem), contentType: "application/problem+json" };
  }
  if (kind === "image") return { body: sentence, contentType: "text/plain; charset=utf-8" };
  // A plain page: no scripts or styles (the page policy has no nonce for it); the browser's own light and dark.
  const body = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>Deleted agent · Explore</title></head>
<body>
<main>
<h1>${escapeHtml(handle)} was deleted</h1>
<p>${escapeHtml(sentence)}</p>
<p><a href="/">Find other services on Explore</a></p>
</main>
</body>
</html>
`;
  return { body, contentType: "text/html; charset=utf-8" };
}
