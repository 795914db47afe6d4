// What the import form shows; shared by the server action and the client form (no server code here).
import type { AgentFileError } from "@/lib/agent-file/types";

export const MAX_AGENT_FILE_BYTES = 512 * 1024;

export type ImportFormState =
  | { status: "idle"; text: string }
  | { status: "imported"; handle: string; replaced: boolean; published: boolean; text: string }
  | {
      status: "invalid";
      message: string;
      /** The document's problems, each with its JSON path. */
      errors: AgentFileError[];
      /** Problems with the form itself (nothing pasted, too large…). */
      fieldErrors: { text?: string[]; file?: string[] };
      text: string;
    };

export const initialImportFormState: ImportFormState = { status: "idle", text: "" };
