import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { refuseNonCanonical } from './canonical-path.ts';
import { acceptListRequest } from './list-method.ts';
import { MAX_BODY_BYTES, type RawRequest, type RawResponse } from './raw-request.ts';
import { readBody } from './read-body.ts';

/** Turns one request into a response (the engine's dispatcher). */
export type RequestHandler = (request: RawRequest) => Promise<RawResponse>;

const TOO_LARGE: RawResponse = {
  status: 413,
  body: JSON.stringify({ errors: ['request body exceeds the 1 MiB limit'] }),
};

/** Limits of the HTTP layer (see `ENGINE_DEFAULTS` for the values `keyfob serve` uses). */
export interface ServerLimits {
  /** Milliseconds a client has to send a whole request head, for every method (LIST too). */
  readonly headersTimeoutMs: number;
  /** Milliseconds a client has to send a whole request (head and body). */
  readonly requestTimeoutMs: number;
  /** Open connections at most; further ones are closed at once. */
  readonly maxConnections: number;
}

/**
 * The engine's node:http server. Bodies over 1 MiB get 413 without being read further. Node's
 * parser refuses the `LIST` method before any handler runs, so `clientError` takes those requests
 * from the raw socket (see list-method.ts); `GET ?list=true` works everywhere. Non-canonical paths
 * are refused before routing (canonical-path.ts); head and request deadlines are the same for
 * every method, and the number of open connections is capped.
 */
export function createEngineServer(routeRequest: RequestHandler, limits: ServerLimits): Server {
  const handle = refuseNonCanonical(routeRequest);
  const server = createServer(
    {
      // Idle keep-alive sockets outlive every client's own idle timeout (undici keeps 4 s, agents
      // usually 5 to 60 s), so a client never reuses a socket the engine is closing at that moment
      // ("other side closed" on a busy machine); the connection cap still bounds them.
      keepAliveTimeout: 65_000,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often node checks those deadlines (its default, 30 s, would let a slow head live longer).
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    (req, res) => {
      void serve(req, res, handle);
    },
  );
  server.maxConnections = limits.maxConnections;
  // Sockets whose LIST request is being read by hand: node's parser keeps failing on the rest of
  // the head as it arrives, and those failures are expected.
  const listing = new WeakSet<Socket>();
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (listing.has(socket)) return;
    if (
      error.code === 'HPE_INVALID_METHOD' &&
      error.rawPacket &&
      acceptListRequest(error.rawPacket, socket, handle, limits.headersTimeoutMs)
    ) {
      listing.add(socket);
      return;
    }
    if (socket.writable) socket.end(`HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n`);
    else socket.destroy();
  });
  return server;
}

async function serve(req: IncomingMessage, res: ServerResponse, handle: RequestHandler): Promise<void> {
  const body = await readBody(req, MAX_BODY_BYTES);
  if (body === 'too-large') {
    // Answer and close, as Go's server does past an unread body: the write side is shut once the 413
    // is out, the rest of the body is read and discarded for at most LINGER_MS, then the socket is
    // destroyed. A socket closed with the client's body still arriving makes the kernel send a reset,
    // which can swallow the 413 before the client reads it (seen: undici's `write EPIPE`).
    lingerOnClose(req.socket);
    res.shouldKeepAlive = false;
    send(res, TOO_LARGE, true);
    return;
  }
  if (body === 'aborted') return;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value;
  const response = await handle({
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    headers,
    body,
    remoteAddress: req.socket.remoteAddress,
  });
  send(res, response);
}

/** How long a closing connection is drained after a 413 before it is destroyed. */
const LINGER_MS = 2000;

/**
 * Node ends a response marked to close with the socket's `destroySoon`: the write side shut, then the
 * whole socket destroyed as soon as that is flushed, unread input or not. This socket's instead shuts
 * the write side only; the input goes on being read (the request's parser discards a body nobody
 * reads) until the client closes, or for LINGER_MS at most.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function lingering(this: Socket): void {
    if (this.destroyed) return;
    this.end();
    this.resume();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('end', () => {
      clearTimeout(timer);
      this.destroy();
    });
    this.once('close', () => clearTimeout(timer));
  };
}

function send(res: ServerResponse, response: RawResponse, close = false): void {
  const headers: Record<string, string | number> = { 'Cache-Control': 'no-store', ...response.headers };
  if (close) headers.Connection = 'close';
  if (response.body === undefined) {
    res.writeHead(response.status, headers).end();
    return;
  }
  headers['Content-Type'] = 'application/json';
  headers['Content-Length'] = Buffer.byteLength(response.body);
  res.writeHead(response.status, STATUS_CODES[response.status], headers).end(response.body);
}
