import { GuardedFetchError } from "@/lib/domain/adapters/guarded-fetch";
import { kilobytes } from "./judge";
import { readCapped } from "@/lib/foundations/http/read-capped";

// One GET of a publisher's file (a logo, a terms page) through the guarded fetch the caller hands in,
// read up to a cap. Failures come back in words, marked transient when trying again later may help.

export type FetchedFile =
  | { ok: true; bytes: Uint8Array; contentType: string | null }
  | { ok: false; reason: string; transient: boolean }
  /** Over the read limit: `bytes` is the size the server declared, when it did. */
  | { ok: false; tooLarge: true; bytes: number | null };

type Failure = Extract<FetchedFile, { ok: false }>;

export type FetchFileOptions = {
  /** "logo" or "terms": the words say which URL failed. */
  what: string;
  /** Bytes read at most; a larger body is reported with its size when known. */
  readLimit: number;
  accept: string;
  timeoutMs?: number;
};

export async function fetchPublisherFile(fetcher: typeof fetch, url: string, opts: FetchFileOptions): Promise<FetchedFile> {
  const where = `The ${opts.what} URL`;
  try {
    const response = await fetcher(url, { headers: { accept: opts.accept }, signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000) });
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, reason: `${where} answered HTTP ${response.status}, not 200.`, transient: response.status >= 500 || response.status === 429 };
    }
    const declared = Number(response.headers.get("content-length") ?? "NaN");
    if (Number.isFinite(declared) && declared > opts.readLimit) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, tooLarge: true, bytes: declared };
    }
    if (!response.body) return { ok: false, reason: `${where} sent an empty answer.`, transient: false };
    const read = await readCapped(response.body, opts.readLimit);
    if (read.over) return { ok: false, tooLarge: true, bytes: null };
    return { ok: true, bytes: read.bytes, contentType: response.headers.get("content-type") };
  } catch (error) {
    if (error instanceof GuardedFetchError) {
      if (error.code === "too_large") return { ok: false, tooLarge: true, bytes: null };
      const permanent = error.code === "blocked_address" || error.code === "insecure_url" || error.code === "bad_url" || error.code === "redirect";
      return {
        ok: false,
        reason: `${where} could not be fetched: ${error.message.replace(/\badapter(s?)\b/g, "server$1").replace(/\bAdapter(s?)\b/g, "Server$1")}`,
        transient: !permanent,
      };
    }
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      return { ok: false, reason: `${where} did not answer in time.`, transient: true };
    }
    throw error;
  }
}

/** The failure in words: `subject` ("The logo is") over `limit`, with its size when the server declared one. */
export function failureWords(failure: Failure, subject: string, limit: number, readLimit: number): { reason: string; transient: boolean } {
  if ("reason" in failure) return { reason: failure.reason, transient: failure.transient };
  const size = failure.bytes === null ? `larger than ${kilobytes(readLimit)}` : kilobytes(failure.bytes);
  return { reason: `${subject} ${size}; the limit is ${kilobytes(limit)}.`, transient: false };
}
