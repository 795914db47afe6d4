import { Button } from "@/components/ui/button";
import type { PlacedError } from "@/lib/domain/publishing/draft-check";
import { SUGGESTION_PREFIX } from "@/lib/domain/publishing/suggestions";

/**
 * The check's problems with the draft, each with its place, a way to confirm a suggestion, and a jump to it.
 *
 * Without JavaScript (`onConfirm` null) a suggestion is chosen with a radio and confirmed by one button below the
 * list, which submits the editor's form (intent=confirm, `editorFormAction`): the text travels with the chosen path,
 * and Publish and Save ignore `path`.
 */
export function ErrorList({
  errors,
  onJump,
  onConfirm,
}: {
  errors: PlacedError[];
  onJump: ((error: PlacedError) => void) | null;
  onConfirm: ((path: string) => void) | null;
}) {
  if (errors.length === 0) return <p className="text-sm text-success">No problems: the draft would import.</p>;
  const suggestions = errors.filter((e) => e.message.startsWith(SUGGESTION_PREFIX)).length;
  const firstSuggestion = errors.findIndex((e) => e.message.startsWith(SUGGESTION_PREFIX));
  return (
    <div className="rounded-lg border border-danger/40 bg-danger/10 p-4">
      <h2 className="font-semibold text-danger">
        {errors.length} problem{errors.length === 1 ? "" : "s"} to fix before publishing
      </h2>
      {suggestions > 0 ? (
        <p className="mt-1 text-sm">
          {suggestions === 1 ? "One value is" : `${suggestions} values are`} Explore&apos;s suggestion from the server&apos;s tools, not your word yet: confirm
          each as it stands, or change it.
        </p>
      ) : null}
      <ol className="mt-2 flex list-decimal flex-col gap-2 pl-5 text-sm">
        {errors.map((error, i) => (
          <li key={`${error.path}-${i}`}>
            <code className="break-all font-mono text-xs">{error.path === "" ? "(the document)" : error.path}</code> <span>{error.message}</span>{" "}
            <span className="text-muted-foreground">
              (line {error.line}, column {error.column})
            </span>{" "}
            {error.message.startsWith(SUGGESTION_PREFIX) ? (
              onConfirm ? (
                <Button size="sm" variant="secondary" onClick={() => onConfirm(error.path)}>
                  Confirm<span className="sr-only"> {error.path}</span>
                </Button>
              ) : (
                <label className="inline-flex items-center gap-1">
                  <input type="radio" name="path" value={error.path} defaultChecked={i === firstSuggestion} />
                  Confirm<span className="sr-only"> {error.path}</span>
                </label>
              )
            ) : null}{" "}
            {onJump ? (
              <Button size="sm" variant="ghost" onClick={() => onJump(error)}>
                Jump to error<span className="sr-only"> at {error.path || "the document"}</span>
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      {suggestions > 0 && !onConfirm ? (
        <Button type="submit" size="sm" variant="secondary" name="intent" value="confirm" className="mt-3">
          Confirm the chosen suggestion
        </Button>
      ) : null}
    </div>
  );
}
