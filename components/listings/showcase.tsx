import type { Example } from "@/lib/model/agent-file/types";
import { JsonBlock } from "./json-block";

const originWords: Record<Example["origin"], string> = {
  publisher: "Written by the publisher.",
  schema: "Built from the input schema.",
  found: "Found by trying the publisher's own tools.",
};

/** The capability's synthetic example. Render it only when there is one. */
export function Showcase({ example }: { example: Example }) {
  return (
    <div className="flex flex-col gap-4">
      {example.problem ? (
        <div>
          <h3 className="font-semibold">The problem</h3>
          <p>{example.problem}</p>
        </div>
      ) : null}
      <div>
        <h3 className="font-semibold">Input</h3>
        <JsonBlock value={example.input} label="Example input" copyable />
      </div>
      {example.successCriteria ? (
        <div>
          <h3 className="font-semibold">How to tell it worked</h3>
          <p>{example.successCriteria}</p>
        </div>
      ) : null}
      {example.expectedOutput ? (
        <div>
          <h3 className="font-semibold">Expected output</h3>
          <JsonBlock value={example.expectedOutput} label="Expected output" copyable />
        </div>
      ) : null}
      <p className="text-sm text-muted-foreground">The example is synthetic. {originWords[example.origin]}</p>
    </div>
  );
}
