import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EngineError, type RetryInfo } from '@keyfob/shared/client';
import { rejection, scriptedClient, type Scripted } from './helpers/scripted-fetch.ts';

const ok: Scripted = { status: 204 };
const fail = (status: number, headers: Record<string, string> = {}): Scripted => ({
  status,
  body: { errors: [`status ${status}`] },
  headers,
});

describe('retry policy in the client', () => {
  const statuses: [number, boolean][] = [
    [400, false],
    [401, false],
    [403, false],
    [404, false],
    [405, false],
    [413, false],
    [412, true],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [504, true],
  ];
  for (const [status, retried] of statuses) {
    it(`${retried ? 'retries' : 'fails at once on'} ${status}`, async () => {
      const { client, requests } = scriptedClient([fail(status), ok]);
      if (retried) {
        await client.revokeSelf();
        assert.equal(requests.length, 2);
      } else {
        const error = await rejection(client.revokeSelf());
        assert.ok(error instanceof EngineError);
        assert.equal(error.status, status);
        assert.equal(requests.length, 1);
      }
    });
  }

  it('retries a refused connection, then succeeds', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    const { client, requests } = scriptedClient([{ throws: refused }, { throws: refused }, ok]);
    await client.revokeSelf();
    assert.equal(requests.length, 3);
  });

  it('waits with full-jitter exponential backoff (random fixed at 0.5)', async () => {
    const { client, time } = scriptedClient([fail(503), fail(503), fail(503), fail(503), ok], {
      retry: { baseDelayMs: 100, maxDelayMs: 250 },
    });
    await client.revokeSelf();
    assert.deepEqual(time.sleeps, [50, 100, 125, 125]);
  });

  const retryAfter: { name: string; header: string; expected: number }[] = [
    { name: 'seconds', header: '3', expected: 3000 },
    { name: 'an HTTP date', header: new Date(1_700_000_000_000 + 7000).toUTCString(), expected: 7000 },
    { name: 'seconds above maxDelayMs', header: '600', expected: 10_000 },
  ];
  for (const c of retryAfter) {
    it(`honours Retry-After given as ${c.name}`, async () => {
      const { client, time } = scriptedClient([fail(429, { 'retry-after': c.header }), ok]);
      await client.revokeSelf();
      assert.deepEqual(time.sleeps, [c.expected]);
    });
  }

  it('stops after maxAttempts and reports the count', async () => {
    const { client, requests } = scriptedClient([fail(502)], { retry: { maxAttempts: 3 } });
    const error = await rejection(client.revokeSelf());
    assert.ok(error instanceof EngineError);
    assert.equal(error.code, 'ENGINE_HTTP');
    assert.equal(error.attempts, 3);
    assert.match(error.message, /\(after 3 attempts\)$/);
    assert.equal(requests.length, 3);
  });

  it('maxAttempts 1 turns retries off', async () => {
    const { client, requests } = scriptedClient([fail(503), ok], { retry: { maxAttempts: 1 } });
    await rejection(client.revokeSelf());
    assert.equal(requests.length, 1);
  });

  it('stops retrying when the overall budget cannot cover the next wait', async () => {
    // Waits of 5 s each (Retry-After) against a 12 s budget: two waits fit, the third does not.
    const { client, requests, time } = scriptedClient([fail(503, { 'retry-after': '5' })], {
      totalTimeoutMs: 12_000,
      retry: { maxAttempts: 50 },
    });
    const error = await rejection(client.revokeSelf());
    assert.ok(error instanceof EngineError);
    assert.equal(error.code, 'ENGINE_TOTAL_TIMEOUT');
    assert.equal(error.status, 503);
    assert.deepEqual(error.errors, ['status 503']);
    assert.match(
      error.message,
      /gave up after 3 attempts: the overall time limit of 12000 ms ran out; last error: HTTP 503: status 503/,
    );
    assert.equal(requests.length, 3);
    assert.deepEqual(time.sleeps, [5000, 5000]);
  });

  it('checks the budget before each attempt (slow answers use it up)', async () => {
    const { client, requests, time } = scriptedClient(
      () => {
        time.advance(4000);
        return fail(500);
      },
      { totalTimeoutMs: 10_000, retry: { maxAttempts: 50, baseDelayMs: 0 } },
    );
    const error = await rejection(client.revokeSelf());
    assert.ok(error instanceof EngineError);
    assert.equal(error.code, 'ENGINE_TOTAL_TIMEOUT');
    assert.equal(requests.length, 3);
  });

  it('a request cut short by the overall budget is a total timeout', async () => {
    const { client, requests } = scriptedClient([{ hang: true }], { totalTimeoutMs: 5, requestTimeoutMs: 60_000 });
    const error = await rejection(client.revokeSelf());
    assert.ok(error instanceof EngineError);
    assert.equal(error.code, 'ENGINE_TOTAL_TIMEOUT');
    assert.equal(requests.length, 1);
  });

  it('a fetch that ignores the abort signal still cannot hang the call', async () => {
    const deaf = (() => new Promise<never>(() => undefined)) as unknown as typeof fetch;
    const { client } = scriptedClient([], {
      fetch: deaf,
      requestTimeoutMs: 5,
      retry: { maxAttempts: 2, baseDelayMs: 0 },
    });
    const error = await rejection(client.revokeSelf());
    assert.ok(error instanceof EngineError);
    assert.equal(error.code, 'ENGINE_TIMEOUT');
    assert.equal(error.attempts, 2);
  });

  it('retryOn widens retries for one call (rotate-root settle window)', async () => {
    const invalid = { status: 400, body: { errors: ['Error assuming role: InvalidClientTokenId'] } };
    const { client, requests } = scriptedClient([
      invalid,
      invalid,
      { body: { data: { access_key: 'A', secret_key: 'B' } } },
    ]);
    const creds = await client.creds(
      'deploy',
      {},
      { retryOn: (error) => error.status === 400 && /InvalidClientTokenId/.test(error.errors.join()) },
    );
    assert.equal(creds.accessKey, 'A');
    assert.equal(requests.length, 3);
  });

  it('retryOn on the client applies to every call, still bounded by maxAttempts', async () => {
    const { client, requests } = scriptedClient([fail(403)], {
      retryOn: (error) => error.status === 403,
      retry: { maxAttempts: 4 },
    });
    const error = await rejection(client.revokeSelf());
    assert.ok(error instanceof EngineError);
    assert.equal(error.attempts, 4);
    assert.equal(requests.length, 4);
  });

  it('tells onRetry each retry without secrets', async () => {
    const seen: RetryInfo[] = [];
    const { client } = scriptedClient([fail(503), { hang: true }, ok], {
      onRetry: (info) => seen.push(info),
      requestTimeoutMs: 5,
    });
    await client.revokeSelf();
    assert.deepEqual(
      seen.map(({ attempt, delayMs, method, path, reason }) => ({ attempt, delayMs, method, path, reason })),
      [
        {
          attempt: 1,
          delayMs: 125,
          method: 'POST',
          path: '/v1/auth/token/revoke-self',
          reason: 'HTTP 503: status 503',
        },
        { attempt: 2, delayMs: 250, method: 'POST', path: '/v1/auth/token/revoke-self', reason: 'timeout' },
      ],
    );
  });

  it('an abort during the wait ends the call', async () => {
    const controller = new AbortController();
    const { client, requests } = scriptedClient([fail(503), ok], { onRetry: () => controller.abort() });
    const error = await rejection(client.revokeSelf({ signal: controller.signal }));
    assert.ok(error instanceof EngineError);
    assert.equal(error.code, 'ENGINE_ABORTED');
    assert.equal(requests.length, 1);
  });
});
