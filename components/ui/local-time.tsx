"use client";

import { useHydrated } from "./use-hydrated";

// A date in the reader's own locale and time zone. The server does not know either, so it renders a stable
// UTC text; after hydration the client renders the local one (useHydrated: no mismatch, no effect setting
// state).

const dateOnly: Intl.DateTimeFormatOptions = { dateStyle: "long" };
const dateAndTime: Intl.DateTimeFormatOptions = { dateStyle: "long", timeStyle: "short" };
const utcDate = new Intl.DateTimeFormat("en-GB", { ...dateOnly, timeZone: "UTC" });
const utcDateTime = new Intl.DateTimeFormat("en-GB", { ...dateAndTime, timeZone: "UTC" });

/** The text the server renders (and the client until hydrated): "3 January 2027" or "3 January 2027 at 14:05 UTC". */
export function utcText(iso: string, withTime: boolean): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return withTime ? `${utcDateTime.format(at)} UTC` : utcDate.format(at);
}

/** The reader's text: their locale and zone (the browser's defaults). */
export function localText(iso: string, withTime: boolean, locale?: string, timeZone?: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return new Intl.DateTimeFormat(locale, { ...(withTime ? dateAndTime : dateOnly), ...(timeZone ? { timeZone } : {}) }).format(at);
}

/** `<time dateTime>` with a stable UTC text from the server, replaced by the reader's local one after hydration. */
export function LocalTime({ iso, withTime = false, className }: { iso: string; withTime?: boolean; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} className={className} title={utcText(iso, true)}>
      {hydrated ? localText(iso, withTime) : utcText(iso, withTime)}
    </time>
  );
}
