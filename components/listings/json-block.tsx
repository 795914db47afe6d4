import type { JsonValue } from "@/lib/model/agent-file/types";
import { CopyButton } from "./copy-button";

/** JSON, pretty-printed and copyable, in a block that scrolls sideways instead of widening the page. */
export function JsonBlock({ value, label, copyable = false }: { value: JsonValue; label: string; copyable?: boolean }) {
  const text = JSON.stringify(value, null, 2);
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <pre aria-label={label} tabIndex={0} className="max-h-96 overflow-auto rounded-md border border-border bg-muted p-3 font-mono text-xs leading-relaxed">
        <code>{text}</code>
      </pre>
      {copyable ? (
        <div>
          <CopyButton text={text} label={`Copy ${label.toLowerCase()}`} />
        </div>
      ) : null}
    </div>
  );
}
