// The one test with real sockets and real timers: a server that accepts requests and never answers.
// The deadline is a full second so that on a loaded machine each attempt still reaches the server
// before it is aborted (the test counts the attempts the server received).
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createEngineClient, EngineError } from '@keyfob/shared/client';
import { rejection } from './helpers/scripted-fetch.ts';

describe('per-request timeout against a real server', () => {
  let server: Server;
  let url = '';
  const stalled: ServerResponse[] = [];
  let received = 0;

  before(async () => {
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      received++;
      if (request.url?.includes('half')) {
        // Headers, then silence: the body read must be covered by the timeout too.
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"data":');
      }
      stalled.push(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    for (const response of stalled) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const cases: { name: string; role: string; attempts: number }[] = [
    { name: 'aborts a request that gets no answer, retrying once', role: 'silent', attempts: 2 },
    { name: 'aborts a request whose body never ends', role: 'half', attempts: 1 },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const before = received;
      const client = createEngineClient({
        url,
        token: 'stall-test-token',
        fetch,
        requestTimeoutMs: 1000,
        retry: { maxAttempts: c.attempts, baseDelayMs: 10 },
      });
      const error = await rejection(client.creds(c.role));
      assert.ok(error instanceof EngineError, String(error));
      assert.equal(error.code, 'ENGINE_TIMEOUT');
      assert.equal(error.attempts, c.attempts);
      assert.equal(received - before, c.attempts);
      assert.match(error.message, new RegExp(`^GET /v1/cloud/creds/${c.role} got no complete answer within 1000 ms`));
    });
  }
});
