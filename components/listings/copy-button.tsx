"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";

/**
 * Copies a text to the clipboard and says so. Disabled until hydrated, as a click before then would do
 * nothing; without JavaScript the text is still there to select.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const hydrated = useHydrated();
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    setTimeout(() => setState("idle"), 2000);
  }
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" size="sm" disabled={!hydrated} onClick={() => void copy()}>
        {label}
      </Button>
      <span aria-live="polite" className="text-xs text-muted-foreground">
        {state === "copied" ? "Copied" : state === "failed" ? "Could not copy; select the text instead" : ""}
      </span>
    </span>
  );
}
