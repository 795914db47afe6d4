import type { ErrorSchema } from "@rjsf/utils";
import type { FieldErrors } from "@/lib/domain/runs/run-types";

// The server's field errors (by JSON Pointer) in the shape the form library shows beside each field.

function unescape(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

type Entry = { segments: string[]; messages: string[] };

function build(entries: Entry[]): ErrorSchema {
  const result: ErrorSchema = {};
  const own = entries.filter((e) => e.segments.length === 0).flatMap((e) => e.messages);
  if (own.length > 0) result.__errors = own;
  const groups = new Map<string, Entry[]>();
  for (const { segments, messages } of entries) {
    const [head, ...rest] = segments;
    if (head === undefined) continue;
    const list = groups.get(head) ?? [];
    list.push({ segments: rest, messages });
    groups.set(head, list);
  }
  for (const [key, group] of groups) result[key] = build(group);
  return result;
}

export function toErrorSchema(fieldErrors: FieldErrors | undefined): ErrorSchema {
  return build(
    Object.entries(fieldErrors ?? {}).map(([pointer, messages]) => ({
      segments: pointer === "" ? [] : pointer.slice(1).split("/").map(unescape),
      messages,
    })),
  );
}

/** "/to" → "to", "/items/0" → "items › 0", "" → "the arguments". */
export function fieldLabel(pointer: string): string {
  return pointer === "" ? "the arguments" : pointer.slice(1).split("/").map(unescape).join(" › ");
}
