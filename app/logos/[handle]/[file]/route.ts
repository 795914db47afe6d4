import { getViewer } from "@/lib/model/accounts/viewer";
import { handleFromParam } from "@/lib/model/addresses/paths";
import { isLogoSize } from "@/lib/domain/logos/paths";
import { readLogoCopy, type LogoCopy } from "@/lib/domain/logos/store";
import { answeringUnavailable } from "@/lib/foundations/db/unavailable";

// GET /logos/{handle}/{size}.webp — Explore's own copy of an agent's checked logo (64, 128 or 256 px).
// Served only where the agent exists for the viewer by THE visibility rule. A copy a signed-out visitor
// may see is the same for everyone: cached publicly, for good when the URL names its hash (?v=). One only
// its publisher (or an administrator) may see is private and revalidated every time.

type Context = { params: Promise<{ handle: string; file: string }> };

const YEAR_SECONDS = 31_536_000;

function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" } });
}

function answer(request: Request, copy: LogoCopy, size: number, cacheControl: string): Response {
  const etag = `"${copy.sha256.slice(0, 32)}-${size}"`;
  const headers = { etag, "cache-control": cacheControl, "x-content-type-options": "nosniff" };
  const sent = request.headers.get("if-none-match");
  if (sent !== null && sent.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(copy.webp), { headers: { ...headers, "content-type": "image/webp", "content-length": String(copy.webp.byteLength) } });
}

export const GET = answeringUnavailable(async (request: Request, { params }: Context): Promise<Response> => {
  const raw = await params;
  const handle = handleFromParam(raw.handle);
  const match = /^(\d{2,3})\.webp$/.exec(raw.file);
  const size = Number(match?.[1]);
  if (!handle || !isLogoSize(size)) return notFound();

  const publicCopy = await readLogoCopy(handle, size, null);
  if (publicCopy) {
    const version = new URL(request.url).searchParams.get("v");
    const named = version !== null && version.length >= 8 && publicCopy.sha256.startsWith(version);
    return answer(request, publicCopy, size, named ? `public, max-age=${YEAR_SECONDS}, immutable` : "public, max-age=300");
  }
  const viewer = await getViewer();
  const ownCopy = viewer ? await readLogoCopy(handle, size, viewer) : null;
  return ownCopy ? answer(request, ownCopy, size, "private, no-cache") : notFound();
});
