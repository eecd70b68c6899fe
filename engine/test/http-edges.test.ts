// The HTTP edge of the engine, driven over raw sockets (fetch and http.request would normalise the
// paths under test): non-canonical paths are refused with 400 before routing, a request head must
// arrive within the same deadline for every method (LIST too), and open connections are capped.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { pollUntil } from '../../test/helpers/poll.ts';
import { startEngine, type RunningEngine } from '../src/index.ts';

const TOKEN = 'root-http-edges';

/** Sends `text` on a new socket and resolves with everything the server wrote until it closed. */
function exchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function request(method: string, target: string, body = ''): string {
  const length = body === '' ? '' : `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`;
  return `${method} ${target} HTTP/1.1\r\nHost: x\r\nX-Service-Token: ${TOKEN}\r\nConnection: close\r\n${length}\r\n${body}`;
}

function statusOf(answer: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
}

/**
 * Resolves with the milliseconds until the server closed a socket that sends `first` at once (a
 * request line, as real clients send it) and then trickles `rest` one byte at a time.
 */
function trickle(
  port: number,
  first: string,
  rest: string,
  everyMs: number,
): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    // The request line first, then the rest of the head one byte per tick (in that order: writes
    // queued before the connection is up would overtake the request line).
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(first);
      timer = setInterval(() => {
        if (i < rest.length && !socket.destroyed) socket.write(rest[i++] ?? '');
      }, everyMs);
    });
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
  });
}

describe('engine HTTP edge', () => {
  let engine: RunningEngine;
  before(async () => {
    engine = await startEngine({
      port: 0,
      rootToken: TOKEN,
      dev: true,
      tickMs: 60_000,
      headersTimeoutMs: 600,
      requestTimeoutMs: 1500,
      maxConnections: 64,
    });
  });
  after(() => engine.stop());

  const refused: [string, string][] = [
    ['a ".." segment', '/v1/cloud/roles/../../sys/dev/cloud'],
    ['a "." segment', '/v1/cloud/./roles/deploy'],
    ['an encoded ".."', '/v1/cloud/roles/%2e%2e/%2E%2e/sys/dev/cloud'],
    ['a half-encoded ".."', '/v1/cloud/roles/.%2e/.%2E/sys/dev/cloud'],
    ['".." behind an encoded slash', '/v1/cloud/roles/x%2F..%2F..%2Fsys/dev/cloud'],
    ['an empty segment', '/v1/cloud//roles/deploy'],
    ['a leading empty segment', '//v1/sys/health'],
    ['a backslash', '/v1/cloud/roles/..\\..\\sys'],
    ['an encoded NUL', '/v1/cloud/roles/a%00b'],
    ['a broken escape', '/v1/cloud/roles/%zz'],
  ];
  for (const [name, target] of refused) {
    it(`refuses a path with ${name} with 400 before routing`, async () => {
      const answer = await exchange(engine.port, request('POST', target, '{"users":[]}'));
      assert.equal(statusOf(answer), 400, answer);
      assert.match(answer, /invalid request path: /);
    });
  }

  it('refuses a non-canonical LIST path too', async () => {
    const answer = await exchange(engine.port, request('LIST', '/v1/cloud/x/../roles'));
    assert.equal(statusOf(answer), 400, answer);
  });

  it('leaves the dev cloud untouched after the traversal attempt', async () => {
    await fetch(`${engine.url}/v1/sys/dev/cloud`, {
      method: 'PUT',
      headers: { 'X-Service-Token': TOKEN },
      body: JSON.stringify({ users: [{ name: 'alice', accessKeys: 1 }] }),
    });
    const attempt = await exchange(engine.port, request('POST', '/v1/cloud/roles/../../sys/dev/cloud', '{"users":[]}'));
    assert.equal(statusOf(attempt), 400);
    const state = (await (
      await fetch(`${engine.url}/v1/sys/dev/cloud`, { headers: { 'X-Service-Token': TOKEN } })
    ).json()) as { data: { users: { name: string }[] } };
    assert.deepEqual(
      state.data.users.map((u) => u.name),
      ['alice'],
    );
  });

  it('still serves canonical paths, folder slashes and query strings', async () => {
    assert.equal(statusOf(await exchange(engine.port, request('GET', '/v1/sys/health'))), 200);
    assert.equal(statusOf(await exchange(engine.port, request('GET', '/v1/cloud/roles/?list=true'))), 404);
    assert.equal(statusOf(await exchange(engine.port, request('GET', '/v1/sys/health?a=../..'))), 200);
  });

  for (const method of ['LIST', 'GET', 'POST']) {
    it(`closes a ${method} whose head trickles in past the head deadline`, async () => {
      const rest = `Host: x\r\nX-Service-Token: ${TOKEN}\r\nX-Padding: ${'p'.repeat(400)}\r\n\r\n`;
      // One byte every 20 ms would take over 9 s for the whole head; the deadline is 600 ms.
      const { closedAfterMs, answer } = await trickle(engine.port, `${method} /v1/cloud/roles HTTP/1.1\r\n`, rest, 20);
      assert.ok(
        closedAfterMs >= 500 && closedAfterMs < 5000,
        `closed after ${closedAfterMs} ms: ${JSON.stringify(answer)}`,
      );
      assert.doesNotMatch(answer, /HTTP\/1\.1 200/);
    });
  }

  it('caps open connections: past the cap a new connection is closed at once', async () => {
    // An engine of its own, so keep-alive sockets of the other tests do not count against the cap.
    const capped = await startEngine({ port: 0, rootToken: TOKEN, tickMs: 60_000, maxConnections: 4 });
    after(() => capped.stop());
    const held: Socket[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        held.push(
          await new Promise<Socket>((resolve) => {
            const s = connect(capped.port, '127.0.0.1', () => resolve(s));
            s.on('error', () => undefined);
          }),
        );
      }
      // Let the server register the held sockets before the next one arrives.
      await new Promise((r) => setImmediate(r));
      const answer = await exchange(capped.port, request('GET', '/v1/sys/health'));
      assert.equal(answer, '', 'a connection past the cap is closed without an answer');
    } finally {
      for (const s of held) s.destroy();
    }
    // Once the held ones are gone, requests are served again.
    const status = await pollUntil(
      async () => statusOf(await exchange(capped.port, request('GET', '/v1/sys/health'))),
      (answered) => answered === 200,
      { tries: 50, pauseMs: 20 },
    );
    assert.equal(status, 200);
  });
});
