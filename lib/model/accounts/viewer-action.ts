import "server-only";
import type { z } from "zod";
import { getViewer, requireViewer, type Viewer } from "@/lib/model/accounts/viewer";
import { invalid, plainEnglish, type ActionFailure, type ActionResult } from "@/lib/foundations/action-result";
import { formFields } from "@/lib/foundations/form-fields";

// The one skeleton of every server action (CONVENTIONS.md 4, "One action wrapper"): who is asking → parse
// with zod → the body (may they, the write with ownership in its where, revalidation) → one ActionResult.
// Nothing is caught here: Next's redirect and notFound, and bugs, go through as thrown.

/**
 * A server action as its callers see it: called with its arguments from a client, as a plain form's
 * action (nothing reads an answer there, so none is returned), or through useActionState.
 */
export type ServerAction<In, R> = {
  (form: FormData): Promise<void>;
  (input: In): Promise<R>;
  // Last: useActionState infers its state from the last signature.
  (previous: R | null, form: FormData): Promise<R>;
};

type Refusal<F> = ActionFailure<F> | ((submitted: unknown) => ActionFailure<F>);

export type ParseOptions<F> = {
  /** Input that does not parse: the summary above the field errors, or the whole answer. */
  invalid?: string | ((error: z.ZodError, submitted: unknown) => ActionFailure<F>);
};

export type ViewerActionOptions<F> = ParseOptions<F> &
  (
    | {
        /** Signed out: sign in first, then come back here (a path, or one worked out from what was sent). */
        returnTo?: string | ((submitted: unknown) => string);
        signedOut?: never;
      }
    | {
        /** Signed out: this answer instead of the way to sign in. */
        signedOut: Refusal<F>;
        returnTo?: never;
      }
  );

type Call = { submitted: unknown; form: FormData | null; answers: boolean };

function callOf(args: readonly unknown[]): Call {
  const [first, second] = args;
  if (second instanceof FormData) return { submitted: formFields(second), form: second, answers: true };
  if (first instanceof FormData) return { submitted: formFields(first), form: first, answers: false };
  return { submitted: first, form: null, answers: true };
}

type Parsed<S extends z.ZodType, F> = { ok: true; input: z.output<S> } | { ok: false; refusal: ActionFailure<F> };

function parse<S extends z.ZodType, F>(schema: S, submitted: unknown, options: ParseOptions<F>): Parsed<S, F> {
  const parsed = schema.safeParse(submitted, { error: plainEnglish });
  if (parsed.success) return { ok: true, input: parsed.data };
  const refuse = options.invalid;
  return { ok: false, refusal: typeof refuse === "function" ? refuse(parsed.error, submitted) : invalid(parsed.error, refuse) };
}

function serverAction<In, R>(run: (call: Call) => Promise<R>): ServerAction<In, R> {
  async function action(form: FormData): Promise<void>;
  async function action(input: In): Promise<R>;
  async function action(previous: R | null, form: FormData): Promise<R>;
  async function action(...args: unknown[]): Promise<R | void> {
    const call = callOf(args);
    const result = await run(call);
    if (call.answers) return result;
  }
  return action;
}

/** A server action for a signed-in viewer. */
export function viewerAction<S extends z.ZodType, T, F = never>(
  schema: S,
  body: (viewer: Viewer, input: z.output<S>, form: FormData | null) => Promise<ActionResult<T, F>>,
  options: ViewerActionOptions<F> = {},
): ServerAction<z.input<S>, ActionResult<T, F>> {
  return serverAction(async ({ submitted, form }) => {
    let viewer: Viewer;
    if (options.signedOut === undefined) {
      const returnTo = typeof options.returnTo === "function" ? options.returnTo(submitted) : options.returnTo;
      viewer = await requireViewer(returnTo);
    } else {
      const signedIn = await getViewer();
      if (!signedIn) return typeof options.signedOut === "function" ? options.signedOut(submitted) : options.signedOut;
      viewer = signedIn;
    }
    const parsed = parse(schema, submitted, options);
    return parsed.ok ? body(viewer, parsed.input, form) : parsed.refusal;
  });
}

/** The signed-out twin, for the few actions anyone may call (signing in, signing out). */
export function publicAction<S extends z.ZodType, T, F = never>(
  schema: S,
  body: (input: z.output<S>, form: FormData | null) => Promise<ActionResult<T, F>>,
  options: ParseOptions<F> = {},
): ServerAction<z.input<S>, ActionResult<T, F>> {
  return serverAction(async ({ submitted, form }) => {
    const parsed = parse(schema, submitted, options);
    return parsed.ok ? body(parsed.input, form) : parsed.refusal;
  });
}
