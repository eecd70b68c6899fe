// `keyfob apply --prune` against an engine whose list answer holds about 130,000 names (issue 29): a
// proxy in front of a real `keyfob serve` adds the names to its role list. The plan lists every one
// to delete, without a stack overflow (a spread of 130,000 arguments is one). And no answer is read
// whole without a bound: a body past the client's limit is refused, naming the limit.
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createEngineClient, EngineError } from '@keyfob/shared/client';
import { runKeyfob } from './run-keyfob.ts';
import { startEngine, type EngineProcess } from '../../test/helpers/engine.ts';

const EXTRA = 130_000;

const keyfob = runKeyfob;

/** Forwards to the engine; the role list's answer gets EXTRA more names. */
function listingProxy(engine: EngineProcess): Promise<Server> {
  const target = new URL(engine.url);
  const server = createServer((incoming, outgoing) => {
    const forward = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          let body = Buffer.concat(chunks);
          const headers = { ...answer.headers };
          if (
            /^\/v1\/cloud\/roles\/?\?list=true$/.test(incoming.url ?? '') ||
            (incoming.method === 'LIST' && /^\/v1\/cloud\/roles\/?$/.test(incoming.url ?? ''))
          ) {
            const parsed = (answer.statusCode === 200 ? JSON.parse(body.toString()) : { data: { keys: [] } }) as {
              data: { keys: string[] };
            };
            for (let i = 0; i < EXTRA; i++) parsed.data.keys.push(`stale-${String(i).padStart(6, '0')}`);
            body = Buffer.from(JSON.stringify(parsed));
            delete headers['content-length'];
            outgoing.writeHead(200, { ...headers, 'content-type': 'application/json', 'content-length': body.length });
          } else outgoing.writeHead(answer.statusCode ?? 502, headers);
          outgoing.end(body);
        });
      },
    );
    incoming.pipe(forward);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('keyfob apply --prune with 130,000 listed names', () => {
  let engine: EngineProcess;
  let proxy: Server;
  before(async () => {
    engine = await startEngine();
    proxy = await listingProxy(engine);
  });
  after(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await engine.stop();
  });

  it('plans every stale name for deletion (dry run), without a stack overflow', async () => {
    const { port } = proxy.address() as AddressInfo;
    const run = await keyfob(['apply', 'examples/roles', '--prune', '--dry-run', '--format', 'json'], {
      KEYFOB_URL: `http://127.0.0.1:${port}`,
      KEYFOB_TOKEN: engine.rootToken,
    });
    assert.doesNotMatch(run.stderr, /call stack/i);
    assert.equal(run.status, 0, run.stderr.slice(0, 2000));
    const { plan } = JSON.parse(run.stdout) as { plan: { op: string; kind: string; name: string }[] };
    const deletes = plan.filter((s) => s.op === 'delete' && s.kind === 'role');
    assert.equal(deletes.length, EXTRA);
    assert.equal(deletes[0]?.name, 'stale-000000');
  });
});

describe('the engine client reads answers within a size limit', () => {
  let server: Server;
  let url = '';
  before(async () => {
    // An answer that never ends: a client reading it whole would hang until its time limit.
    server = createServer((_incoming, outgoing) => {
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const more = (): void => {
        while (outgoing.write(chunk));
        outgoing.once('drain', more);
      };
      outgoing.write('{"data":{"keys":[');
      more();
      outgoing.on('close', () => outgoing.removeAllListeners('drain'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('an endless answer is refused at the limit, the limit named', async () => {
    const client = createEngineClient({
      url,
      token: 'hvs.test',
      fetch: globalThis.fetch.bind(globalThis),
      retry: { maxAttempts: 1 },
      requestTimeoutMs: 120_000,
      totalTimeoutMs: 120_000,
      maxResponseBytes: 4 * 1024 * 1024,
    });
    const error = await client.listRoles().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    assert.ok(error instanceof EngineError, String(error));
    assert.equal(error.code, 'ENGINE_BAD_RESPONSE');
    assert.match(error.message, /larger than 4194304 bytes/);
  });
});
