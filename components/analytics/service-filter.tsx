import { buttonClassName } from "@/components/ui/button";
import type { AnalyticsService } from "@/lib/domain/analytics/queries";
import { analyticsDashboardPath } from "@/lib/domain/analytics/paths";

/** All services or one: a GET form, so it works without JavaScript and the choice is in the address. */
export function ServiceFilter({ handle, services, selected }: { handle: string; services: AnalyticsService[]; selected: string | null }) {
  return (
    <form method="get" action={analyticsDashboardPath(handle)} className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor="analytics-service" className="text-sm font-medium">
          Service
        </label>
        <select
          id="analytics-service"
          name="service"
          defaultValue={selected ?? ""}
          className="h-10 max-w-[min(100%,24rem)] rounded-md border border-border bg-surface px-3 text-foreground"
        >
          <option value="">All services</option>
          {services.map((s) => (
            <option key={s.capabilityId} value={s.capabilityId}>
              {s.name} ({s.capabilityId})
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClassName({ variant: "secondary" })}>
        Show
      </button>
    </form>
  );
}
