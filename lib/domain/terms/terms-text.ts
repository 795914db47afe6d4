import { createHash } from "node:crypto";
import { convert } from "html-to-text";
import { kilobytes } from "@/lib/domain/logos/judge";

// DESIGN.md rule 10 for a terms URL: plain text, Markdown or HTML (reduced to text), at most 256 KB. The
// hash is of the bytes as fetched, so anyone can fetch the URL and compare.

export const TERMS_MAX_BYTES = 256 * 1024;

const TEXT_TYPES = new Set(["text/plain", "text/markdown", "text/x-markdown"]);
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

export type TermsCopy = { ok: true; text: string; sha256: string } | { ok: false; reason: string };

export function termsCopyOf(bytes: Uint8Array, contentType: string | null): TermsCopy {
  if (bytes.byteLength > TERMS_MAX_BYTES)
    return { ok: false, reason: `The terms are ${kilobytes(bytes.byteLength)}; the limit is ${kilobytes(TERMS_MAX_BYTES)}.` };
  const mime = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const isHtml = HTML_TYPES.has(mime);
  if (!isHtml && !TEXT_TYPES.has(mime)) {
    return { ok: false, reason: `The terms URL sent ${mime === "" ? "no content type" : mime}; Explore accepts text/plain, text/markdown or HTML.` };
  }
  const decoded = new TextDecoder("utf-8").decode(bytes);
  const text = (
    isHtml
      ? convert(decoded, {
          wordwrap: false,
          selectors: [
            { selector: "a", options: { ignoreHref: true } },
            { selector: "img", format: "skip" },
            { selector: "nav", format: "skip" },
          ],
        })
      : decoded
  ).trim();
  if (text === "") return { ok: false, reason: "The terms URL sent a page with no text." };
  return { ok: true, text, sha256: createHash("sha256").update(bytes).digest("hex") };
}
