/**
 * Reads a byte stream to its end, or stops at the first byte past `limit` and cancels the rest (`over`): a body
 * that declares no length, or lies about it, is never held whole.
 */
export async function readCapped(body: ReadableStream<Uint8Array>, limit: number): Promise<{ bytes: Uint8Array<ArrayBuffer>; over: boolean }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return { bytes: new Uint8Array(), over: true };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes, over: false };
}
