import { durationText } from "@/lib/domain/runs/run-words";
import type { LiveRun } from "./use-run-progress";

/** While a run is under way: the time since it started and the progress it last reported. */
export function RunProgressStatus({ pending, live, now }: { pending: boolean; live: LiveRun | null; now: number }) {
  return (
    <div aria-live="polite" className="text-sm">
      {pending && live ? (
        <p>
          Running… <span className="tabular-nums">{durationText(Math.max(0, now - live.startedAt), 1)}</span>
          {live.progress ? (
            <span className="block">
              Progress: {live.progress.progress}
              {live.progress.total !== null ? ` of ${live.progress.total}` : ""}
              {live.progress.message ? ` — ${live.progress.message}` : ""}
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
