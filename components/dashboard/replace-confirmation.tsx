import { Button } from "@/components/ui/button";
import type { ReplaceQuestion } from "@/lib/domain/publishing/import-form-state";

/**
 * The question asked before an import replaces one of the publisher's agents: on the import page and in the
 * editor alike. Each answer sends back the handle it is for (`overwrite`), so a yes is for that agent only.
 */
export function ReplaceConfirmation({
  message,
  question,
  choices,
}: {
  message: string;
  question: ReplaceQuestion;
  choices: { label: string; name?: string; value?: string }[];
}) {
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-lg border border-warning/40 bg-warning/10 p-4 text-sm">
      <p className="font-semibold">{message}</p>
      <p className="flex flex-wrap gap-2">
        <input type="hidden" name="overwrite" value={question.handle} />
        {choices.map((choice) => (
          <Button key={choice.label} type="submit" size="sm" variant={choice === choices[0] ? "primary" : "secondary"} name={choice.name} value={choice.value}>
            {choice.label}
          </Button>
        ))}
      </p>
    </div>
  );
}
