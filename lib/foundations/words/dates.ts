// Times in words. Pages are rendered on the server, which does not know the reader's time zone: dates are
// UTC and say so where the hour matters.

const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const hourMinute = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });

/** "3 January 2027". */
export function dateWords(date: Date): string {
  return longDate.format(date);
}

/** "3 January 2027, 14:05 UTC". */
export function dateTimeWords(date: Date): string {
  return `${longDate.format(date)}, ${hourMinute.format(date)} UTC`;
}

/** "just now", "3 h ago" for the last two days; the date and time after that. */
export function whenWords(date: Date, now: Date): string {
  return now.getTime() - date.getTime() < 48 * 3600_000 ? timeAgo(date, now) : dateTimeWords(date);
}

/** "3 h ago", "2 d ago", "just now": a past time, short (the sample-tested label, cards, badges). */
export function timeAgo(then: Date, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - then.getTime()) / 1000));
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}
