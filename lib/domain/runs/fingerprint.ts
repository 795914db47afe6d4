import { sha256Hex } from "@/lib/foundations/sha256";

// SHA-256 fingerprints of canonical JSON: what Explore keeps instead of arguments and results.

type Work = { text: string } | { value: unknown };

/**
 * JSON with object keys sorted at every depth, so equal values always give equal text. Written with
 * its own stack, not recursion: an adapter's answer or a repeat's arguments may nest deeper than the
 * call stack goes, and a fingerprint must never throw.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const stack: Work[] = [{ value }];
  for (let work = stack.pop(); work !== undefined; work = stack.pop()) {
    if ("text" in work) {
      out.push(work.text);
      continue;
    }
    const current = work.value;
    if (current === null || typeof current !== "object") {
      // undefined (absent structured content) and non-JSON leaves become null, as JSON.stringify does inside arrays.
      const text = JSON.stringify(current);
      out.push(text === undefined ? "null" : text);
      continue;
    }
    // Opened now; the rest is pushed in reverse, so it pops in order: first item, ",", second item… and the closing.
    if (Array.isArray(current)) {
      out.push("[");
      stack.push({ text: "]" });
      for (let i = current.length - 1; i >= 0; i--) {
        stack.push({ value: current[i] });
        if (i > 0) stack.push({ text: "," });
      }
      continue;
    }
    const entries = Object.entries(current)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    out.push("{");
    stack.push({ text: "}" });
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i];
      if (entry === undefined) continue;
      stack.push({ value: entry[1] });
      stack.push({ text: `${i > 0 ? "," : ""}${JSON.stringify(entry[0])}:` });
    }
  }
  return out.join("");
}

export function fingerprint(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
