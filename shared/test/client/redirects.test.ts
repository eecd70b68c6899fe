// Redirects (a standby's 307 to the active node) against real HTTP listeners: followed, with the
// token, only to the client's own origin and the listed cluster addresses; an unlisted address is
// refused, and a listener there records that no token ever reached it.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createEngineClient, EngineError } from '@keyfob/shared/client';

const TOKEN = 'kfs.redirect-test-token-0123456789abcdef';

interface Listener {
  readonly url: string;
  /** Every request: method, path, the token header if any, the body. */
  readonly seen: { method: string; path: string; token: string | undefined; body: string }[];
  stop(): Promise<void>;
}

/** A listener that records each request and answers with `answer(request)`. */
async function listener(
  answer: (req: IncomingMessage) => { status: number; headers?: Record<string, string>; body?: string },
): Promise<Listener> {
  const seen: Listener['seen'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const token = req.headers['x-vault-token'];
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        token: typeof token === 'string' ? token : undefined,
        body,
      });
      const { status, headers, body: out } = answer(req);
      res.writeHead(status, headers).end(out);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('redirects follow only the cluster addresses the user lists', () => {
  let active: Listener;
  let stranger: Listener;
  let standby: Listener;
  before(async () => {
    active = await listener(() => ({ status: 204 }));
    stranger = await listener(() => ({ status: 204 }));
    standby = await listener((req) => ({
      status: 307,
      headers: { location: `${(req.headers['x-target'] as string) ?? ''}${req.url ?? ''}` },
    }));
  });
  after(async () => {
    await Promise.all([active.stop(), stranger.stop(), standby.stop()]);
  });

  const client = (target: string, clusterAddresses: string[]) =>
    createEngineClient({
      url: standby.url,
      token: TOKEN,
      flavor: 'vault',
      fetch: globalThis.fetch,
      headers: { 'x-target': target },
      clusterAddresses,
      retry: { maxAttempts: 1 },
    });

  it('follows a 307 to a listed node with the same method, body and token', async () => {
    await client(active.url, [active.url]).writeRole('r1', { credential_type: 'assumed_role' });
    const last = active.seen.at(-1);
    assert.equal(last?.method, 'POST');
    assert.equal(last?.path, '/v1/cloud/roles/r1');
    assert.equal(last?.token, TOKEN);
    assert.deepEqual(JSON.parse(last?.body ?? ''), { credential_type: 'assumed_role' });
  });

  it('refuses a 307 to an address not listed, says how to allow it, and the token never reaches it', async () => {
    const error = await client(stranger.url, [active.url])
      .writeRole('r2', { credential_type: 'assumed_role' })
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
    assert.ok(error instanceof EngineError);
    assert.equal(error.status, 307);
    assert.match(error.message, /cluster addresses \(cluster-addresses, --cluster-addresses\)/);
    assert.ok(!error.message.includes(TOKEN));
    assert.deepEqual(stranger.seen, [], 'nothing, and so no token, reached the unlisted address');
  });

  it('without cluster addresses, no redirect to another origin is followed', async () => {
    const before = active.seen.length;
    const error = await client(active.url, [])
      .writeRole('r3', { credential_type: 'assumed_role' })
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
    assert.ok(error instanceof EngineError);
    assert.equal(active.seen.length, before);
  });
});
