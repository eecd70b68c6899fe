/** What a bounded read took: the bytes before the limit, and whether the body went past it. */
export interface BoundedBody {
  readonly bytes: Uint8Array;
  /** The body was longer than the limit: reading stopped there and the stream was cancelled. */
  readonly over: boolean;
}

/**
 * A response's body read chunk by chunk up to `max` bytes, so a 300 MB or endless answer costs at most
 * the limit, never all of it in memory. A body without a stream to read (a `fetch` stand-in) is read
 * whole.
 */
export async function readAtMost(response: Response, max: number): Promise<BoundedBody> {
  const reader = response.body?.getReader();
  if (!reader) return { bytes: new Uint8Array(await response.arrayBuffer()), over: false };
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > max) {
      over = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    total += value.byteLength;
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes, over };
}
