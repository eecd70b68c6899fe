import type { IncomingMessage } from 'node:http';

/**
 * A request's body, or why there is none: over `maxBytes` (declared or streamed), or the client went
 * away. Past the limit the rest is drained unread; the caller answers and closes the connection.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | 'too-large' | 'aborted'> {
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) return Promise.resolve('too-large');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      req.removeListener('data', onData);
      req.resume();
      resolve('too-large');
    };
    req.on('data', onData);
    req.on('end', () => resolve(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks)));
    req.on('error', () => resolve('aborted'));
  });
}
