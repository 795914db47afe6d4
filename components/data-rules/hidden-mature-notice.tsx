import Link from "next/link";

/** "N results hidden by your 18+ setting": a count and a link to settings, never titles. Nothing when 0. */
export function HiddenMatureNotice({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <p className="text-sm text-muted-foreground">
      {count} result{count === 1 ? "" : "s"} hidden by your 18+ setting.{" "}
      <Link href="/settings" className="text-accent underline">
        Change it in settings
      </Link>
    </p>
  );
}
