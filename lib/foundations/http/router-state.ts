import { z } from "zod";

// A client navigation (an RSC request) sends the router's state in the Next-Router-State-Tree header: the
// segments it already shows. Next parses it with its own schema and answers one it cannot parse with a bare 500;
// proxy.ts refuses such a header in words first, by the same rules (next/dist/server/app-render/types.js and
// parse-and-validate-flight-router-state.js).

// Next's own cap: about 2,000 segment states.
const MAX_HEADER_LENGTH = 20 * 2000;

const dynamicParamType = z.enum(["c", "ci(..)(..)", "ci(.)", "ci(..)", "ci(...)", "oc", "d", "di(..)(..)", "di(.)", "di(..)", "di(...)"]);
const segment = z.union([z.string(), z.tuple([z.string(), z.string(), dynamicParamType, z.array(z.string()).nullable()])]);

type RouterState = [
  z.infer<typeof segment>,
  Record<string, RouterState>,
  ([string, string] | null)?,
  ("refetch" | "inside-shared-layout" | "metadata-only" | null)?,
  (number | null)?,
  string?,
];

const routerState: z.ZodType<RouterState> = z.lazy(() =>
  z.tuple([
    segment,
    z.record(z.string(), routerState),
    z.tuple([z.string(), z.string()]).nullable().optional(),
    z.enum(["refetch", "inside-shared-layout", "metadata-only"]).nullable().optional(),
    z.number().nullable().optional(),
    z.string().optional(),
  ]),
);

/** Whether Next can read this Next-Router-State-Tree header: percent-encoded JSON of the router's state tree. */
export function isReadableRouterState(header: string): boolean {
  if (header.length > MAX_HEADER_LENGTH) return false;
  try {
    return routerState.safeParse(JSON.parse(decodeURIComponent(header))).success;
  } catch {
    // Not percent-encoding, not JSON, or nested past the stack.
    return false;
  }
}
