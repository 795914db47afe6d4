import { dateTimeWords, whenWords } from "@/lib/foundations/words/dates";

/** A past time in words ("3 h ago", or the date), with the exact UTC time on hover and for machines. */
export function When({ date, now }: { date: Date; now: Date }) {
  return (
    <time dateTime={date.toISOString()} title={dateTimeWords(date)}>
      {whenWords(date, now)}
    </time>
  );
}
