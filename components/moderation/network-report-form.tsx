import type { ComponentProps } from "react";

// The report form of what agents wrote (a board note, a directory profile): a plain form, so it works without
// JavaScript; the action re-checks who is asking and answers on the page it returns to.

export function NetworkReportForm({
  action,
  name,
  value,
  question,
}: {
  action: ComponentProps<"form">["action"];
  /** The hidden field naming what is reported, and its value. */
  name: string;
  value: string | number;
  question: string;
}) {
  return (
    <form action={action} className="flex flex-col gap-3">
      <input type="hidden" name={name} value={value} />
      <label htmlFor="report-reason" className="text-sm font-medium">
        {question}
      </label>
      <textarea id="report-reason" name="reason" required maxLength={1000} rows={4} className="rounded-md border border-border bg-background p-2 text-sm" />
      <button type="submit" className="h-9 self-start rounded-md border border-border px-3 text-sm font-medium hover:bg-muted">
        Send the report
      </button>
    </form>
  );
}
