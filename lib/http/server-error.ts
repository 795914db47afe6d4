import type { ServerResponse } from "node:http";
import { log } from "../log";

/** For a failure outside Next's own error handling: logged, and the visitor is not left waiting. */
export function answerServerError(res: ServerResponse, error: unknown): void {
  log.error("the request failed", { error });
  if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
  if (!res.writableEnded) res.end("Something went wrong.");
}
