import Link from "next/link";

/** "Report this service": to the report form (which asks signed-out visitors to sign in). */
export function ReportLink({ handle, capabilityId }: { handle: string; capabilityId: string }) {
  return (
    <Link href={`/report/${encodeURIComponent(handle)}/${encodeURIComponent(capabilityId)}`} className="text-sm text-muted-foreground underline">
      Report this service
    </Link>
  );
}
