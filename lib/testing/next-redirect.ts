/** Next's redirect() throws an error whose digest carries the target; resolves to that target. */
export async function redirectTarget(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error && "digest" in error && typeof error.digest === "string") {
      const [kind, , target] = error.digest.split(";");
      if (kind === "NEXT_REDIRECT" && target) return target;
    }
    throw error;
  }
  throw new Error("expected a redirect");
}
