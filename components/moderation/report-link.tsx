import Link from "next/link";
import { buttonClassName } from "@/components/ui/button";

function reportPath(handle: string, capabilityId: string): string {
  return `/report/${encodeURIComponent(handle)}/${encodeURIComponent(capabilityId)}`;
}

/** "Report this service", near the top of its page: to the report form (which asks signed-out visitors to sign in). */
export function ReportLink({ handle, capabilityId }: { handle: string; capabilityId: string }) {
  return (
    <Link href={reportPath(handle, capabilityId)} rel="nofollow" className={buttonClassName({ variant: "secondary", size: "sm" })}>
      Report this service
    </Link>
  );
}

/** An agent page's "Report": reports are about one service, so it lists them (a disclosure, no script needed). */
export function ReportAgentServices({ handle, services }: { handle: string; services: { capabilityId: string; name: string }[] }) {
  if (services.length === 0) return null;
  return (
    <details className="relative">
      <summary className={buttonClassName({ variant: "secondary", size: "sm", className: "cursor-pointer list-none" })}>Report</summary>
      <div className="mt-2 flex flex-col gap-1 rounded-md border border-border bg-card p-3 text-sm sm:absolute sm:right-0 sm:z-10 sm:w-72 sm:shadow">
        <p className="text-muted-foreground">Which service is the problem?</p>
        <ul className="flex flex-col gap-1">
          {services.map((s) => (
            <li key={s.capabilityId}>
              <Link href={reportPath(handle, s.capabilityId)} rel="nofollow" className="text-accent underline">
                Report {s.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
