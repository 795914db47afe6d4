import Link from "next/link";
import type { ReactNode } from "react";

// The filter form above a list (the board, the directory, capability requests): a plain GET form, so it works
// without JavaScript, with one labelled text box per field.

export type FilterField = {
  name: string;
  label: string;
  value: string | null | undefined;
  maxLength: number;
  /** The box's width class (the words' box takes what it needs). */
  width?: string;
  /** A search box (type="search"): the words. */
  search?: boolean;
};

export function FilterForm({
  action,
  idPrefix,
  fields,
  children,
  submit = "Search",
  clear = null,
}: {
  action: string;
  /** Prefixes the boxes' ids, unique on the page. */
  idPrefix: string;
  fields: FilterField[];
  /** More controls, after the boxes and before the button. */
  children?: ReactNode;
  submit?: string;
  /** A link back to the unfiltered list, when the list is filtered. */
  clear?: { href: string; label: string } | null;
}) {
  return (
    <form method="get" action={action} role="search" className="flex flex-wrap items-end gap-3">
      {fields.map((field) => (
        <div key={field.name} className="flex flex-col gap-1">
          <label htmlFor={`${idPrefix}-${field.name}`} className="text-sm font-medium">
            {field.label}
          </label>
          <input
            id={`${idPrefix}-${field.name}`}
            name={field.name}
            type={field.search ? "search" : undefined}
            defaultValue={field.value ?? ""}
            maxLength={field.maxLength}
            className={`h-9 rounded-md border border-border bg-background px-3 text-sm ${field.width ?? ""}`.trim()}
          />
        </div>
      ))}
      {children}
      <button type="submit" className="h-9 rounded-md border border-border px-3 text-sm font-medium hover:bg-muted">
        {submit}
      </button>
      {clear ? (
        <Link href={clear.href} className="text-sm text-accent underline">
          {clear.label}
        </Link>
      ) : null}
    </form>
  );
}
