import type { JsonValue } from "@/lib/agent-file/types";

/** JSON, pretty-printed, in a block that scrolls sideways instead of widening the page. */
export function JsonBlock({ value, label }: { value: JsonValue; label: string }) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="max-h-96 overflow-auto rounded-md border border-border bg-muted p-3 font-mono text-xs leading-relaxed"
    >
      <code>{JSON.stringify(value, null, 2)}</code>
    </pre>
  );
}
