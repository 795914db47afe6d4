import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { z } from "zod";

/** Reads one bundled data file next to this module and checks it against its schema. */
export function loadData<T extends z.ZodType>(fileName: string, schema: T): z.output<T> {
  const text = readFileSync(fileURLToPath(new URL(`./${fileName}`, import.meta.url)), "utf8");
  return schema.parse(JSON.parse(text));
}
