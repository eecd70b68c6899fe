import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { RawRequest, RawResponse } from './raw-request.ts';

const HEADER_LIMIT = 16 * 1024;

/**
 * Serves a `LIST` request that node's HTTP parser refused (it knows no such method). The bytes
 * the parser saw arrive in the error's `rawPacket`; if the header block is not complete yet the
 * rest is read from the socket. LIST carries no body. The answer closes the connection, since the
 * parser's state for this socket is gone. Returns false when the bytes are not a LIST request.
 */
export function acceptListRequest(
  raw: Buffer,
  socket: Socket,
  handle: (r: RawRequest) => Promise<RawResponse>,
  headersTimeoutMs: number,
): boolean {
  if (!raw.subarray(0, 5).equals(Buffer.from('LIST '))) return false;
  let buffer = raw;
  // The same deadline node's parser gives every other method: the whole head within
  // headersTimeoutMs of its first bytes, however slowly it trickles in (an idle timeout alone
  // would let one byte every few seconds hold the socket for hours).
  let deadline: NodeJS.Timeout | undefined;
  const tryServe = (): boolean => {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return false;
    clearTimeout(deadline);
    socket.removeListener('data', onData);
    const request = { ...parseHead(buffer.subarray(0, end).toString('latin1')), remoteAddress: socket.remoteAddress };
    void handle(request).then(
      (response) => writeResponse(socket, response),
      () => socket.destroy(),
    );
    return true;
  };
  const onData = (chunk: Buffer): void => {
    buffer = Buffer.concat([buffer, chunk]);
    if (!tryServe() && buffer.length > HEADER_LIMIT) socket.destroy();
  };
  if (!tryServe()) {
    socket.on('data', onData);
    deadline = setTimeout(() => socket.destroy(), headersTimeoutMs);
    deadline.unref();
    socket.once('close', () => clearTimeout(deadline));
  }
  return true;
}

function parseHead(head: string): RawRequest {
  const [requestLine = '', ...lines] = head.split('\r\n');
  const url = requestLine.split(' ')[1] ?? '/';
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { method: 'LIST', url, headers, body: Buffer.alloc(0) };
}

function writeResponse(socket: Socket, response: RawResponse): void {
  if (!socket.writable) return;
  const reason = STATUS_CODES[response.status] ?? 'Unknown';
  const body = response.body ?? '';
  const lines = [`HTTP/1.1 ${response.status} ${reason}`, 'Cache-Control: no-store', 'Connection: close'];
  for (const [name, value] of Object.entries(response.headers ?? {})) lines.push(`${name}: ${value}`);
  if (response.body !== undefined)
    lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}
