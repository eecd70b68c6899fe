import { randomUUID } from 'node:crypto';
import { HttpResponse, type HttpHandler, type HttpRequest } from '@smithy/protocol-http';
import { handle, type CloudServerOptions } from './cloud-server.ts';

/** The endpoint the engine's SDK clients name for the embedded cloud (never resolved: requests stay in process). */
export const EMBEDDED_ENDPOINT = 'http://embedded-cloud.keyfob.internal';

/**
 * An SDK request handler that hands each request to the embedded cloud's Query endpoint in
 * process instead of over a socket. The SDK stays the client (serialising, SigV4 signing, XML
 * parsing, retries) and the cloud still verifies the signature and evaluates the call; only the
 * TCP round trip is skipped, which keeps the engine's credential path fast.
 */
export class InProcessHandler implements HttpHandler<Record<string, never>> {
  constructor(private readonly options: CloudServerOptions) {}

  async handle(request: HttpRequest): Promise<{ response: HttpResponse }> {
    const body =
      request.body === undefined || request.body === null
        ? Buffer.alloc(0)
        : Buffer.from(request.body as string | Uint8Array);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(request.query ?? {})) {
      for (const v of Array.isArray(value) ? value : [value]) if (typeof v === 'string') query.append(name, v);
    }
    const search = query.toString();
    const requestId = randomUUID();
    const answer = await handle(
      {
        method: request.method,
        url: `${request.path}${search ? `?${search}` : ''}`,
        headers,
        socket: { remoteAddress: '127.0.0.1' },
      },
      body,
      this.options,
      requestId,
    );
    return {
      response: new HttpResponse({
        statusCode: answer.status,
        headers: {
          'content-type': 'text/xml',
          'x-amzn-requestid': requestId,
          date: this.options.cloud.clock.date().toUTCString(),
        },
        body: Buffer.from(answer.body),
      }),
    };
  }

  updateHttpClientConfig(): void {}

  httpHandlerConfigs(): Record<string, never> {
    return {};
  }
}
