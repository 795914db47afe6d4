import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { GatewayRun } from "./run";

// A gateway run as an MCP tool result: the adapter's answer as Explore checked it (its content made safe to show,
// its structured content with a warning when it breaks the service's output schema), or the refusal in words.
// A run that did not succeed is an error result whose text says what happened and what to do.

/** The image a data URL holds, as MCP's base64 image content. */
function imageOf(dataUrl: string, mimeType: string): { type: "image"; data: string; mimeType: string } | null {
  const comma = dataUrl.indexOf(",");
  return comma < 0 ? null : { type: "image", data: dataUrl.slice(comma + 1), mimeType };
}

export function toolResultOf(run: GatewayRun): CallToolResult {
  if (!run.ok) return { isError: true, content: [{ type: "text", text: run.message }] };
  const { execution, answer } = run.result;
  const content: CallToolResult["content"] = [];
  for (const piece of answer?.content ?? []) {
    if (piece.type === "image") {
      const image = imageOf(piece.dataUrl, piece.mimeType);
      if (image) content.push(image);
    } else content.push({ type: "text", text: piece.text });
  }
  const notes: string[] = [];
  if (answer?.outputWarning) notes.push(`The answer does not match the service's output schema: ${answer.outputWarning.join("; ")}.`);
  const payment = answer?.paymentRequired;
  if (payment) notes.push([payment.message, payment.link ? `Pay at ${payment.link}` : null].filter(Boolean).join(" "));
  const succeeded = execution.status === "succeeded";
  // The outcome in Explore's words comes first when the run did not deliver, so a client reading one text sees it.
  const summary = `${execution.message} (execution ${execution.id}${execution.planWords ? `, ${execution.planWords}` : ""})`;
  const texts = [...(succeeded ? [] : [summary]), ...notes].map((text) => ({ type: "text" as const, text }));
  const structured =
    answer?.hasStructuredContent &&
    typeof answer.structuredContent === "object" &&
    answer.structuredContent !== null &&
    !Array.isArray(answer.structuredContent);
  return {
    ...(succeeded ? {} : { isError: true }),
    content: [...texts, ...content],
    ...(structured ? { structuredContent: answer.structuredContent as Record<string, unknown> } : {}),
    _meta: { "dev.explore/execution": { id: execution.id, status: execution.status, plan: execution.planWords } },
  };
}
