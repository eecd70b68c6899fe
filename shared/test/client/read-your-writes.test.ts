// Read-after-write on Vault and OpenBao clusters, on a scripted fetch with fake time (no real waits):
// the X-Vault-Index of logins and writes is kept and sent with X-Vault-Inconsistent on later
// requests, 412/429 waits last as long as the call's time allows, a 403 right after a login is
// retried once, and the messages tell a consistency wait from a rate limit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createConsistencyState, EngineError, type RetryInfo } from '@keyfob/shared/client';
import { newerIndex } from '../../src/client/read-your-writes.ts';
import { rejection, scriptedClient, type Scripted } from './helpers/scripted-fetch.ts';

const index = (cluster: string, local: number): string => btoa(`v1:${cluster}:${local}:0:abc`);
const LOGIN: Scripted = {
  status: 200,
  body: {
    auth: {
      client_token: 'kfs.fresh-login-token-0123456789',
      accessor: 'a',
      policies: [],
      lease_duration: 60,
      renewable: true,
    },
  },
  headers: { 'x-vault-index': index('c1', 7) },
};
const written: Scripted = { status: 204, headers: { 'x-vault-index': index('c1', 9) } };
const ok: Scripted = { status: 204 };
const notYet: Scripted = { status: 412, body: { errors: ['required index state not present'] } };
const baoNotYet: Scripted = {
  status: 429,
  body: { errors: ['required index state not present'] },
  headers: { 'retry-after': '1' },
};
const quota: Scripted = {
  status: 429,
  body: { errors: ['request path "cloud/sts/x": rate limit quota exceeded'] },
  headers: { 'retry-after': '2' },
};

describe('read-after-write on clusters', () => {
  it('sends no index before a write, then the index of the last write with forward-active-node on reads', async () => {
    const { client, requests } = scriptedClient([ok, written, ok, ok]);
    await client.lookupSelf();
    await client.revokeSelf();
    await client.lookupSelf();
    await client.revokeSelf();
    assert.equal(requests[0]?.headers['x-vault-index'], undefined);
    assert.equal(requests[1]?.headers['x-vault-index'], undefined);
    assert.equal(requests[2]?.headers['x-vault-index'], index('c1', 9));
    assert.equal(requests[2]?.headers['x-vault-inconsistent'], 'forward-active-node');
    // A write goes to the active node whichever node gets it: no index with it.
    assert.equal(requests[3]?.headers['x-vault-index'], undefined);
  });

  it("sends the login's index on the logged-in client's first call (withToken shares the state)", async () => {
    const { client, requests } = scriptedClient([LOGIN, ok]);
    const login = await client.loginJwt({ role: 'ci', jwt: 'a.b.c' });
    await client.withToken(login.clientToken).lookupSelf();
    assert.equal(requests[1]?.headers['x-vault-index'], index('c1', 7));
  });

  it('shares the state between separate clients given the same one (a login client and the step client)', async () => {
    const consistency = createConsistencyState();
    const login = scriptedClient([LOGIN], { consistency });
    const step = scriptedClient([ok], { consistency });
    await login.client.loginJwt({ role: 'ci', jwt: 'a.b.c' });
    await step.client.lookupSelf();
    assert.equal(step.requests[0]?.headers['x-vault-index'], index('c1', 7));
  });

  it('keeps the newer index of one cluster, and the last one of another cluster', () => {
    assert.equal(newerIndex(index('c1', 9), index('c1', 7)), index('c1', 9));
    assert.equal(newerIndex(index('c1', 7), index('c1', 9)), index('c1', 9));
    assert.equal(newerIndex(index('c1', 9), index('c2', 1)), index('c2', 1));
    assert.equal(newerIndex('opaque-1', 'opaque-2'), 'opaque-2');
  });

  // newerIndex reads a value of the last cluster it decoded without decoding it again; every pair
  // here, in an order that passes through each cluster, must give what a full decoding gives.
  it('reads values of a cluster it has seen as a full decoding reads them', () => {
    const uuid = '5b1e3e0c-2a4f-4e8e-9a55-0f4c7b1d2e3a';
    const values = [
      // Cluster ids of each length modulo 3 (the bytes the head shares with the local index), indexes of 1 to 15 digits.
      ...['c1', 'c12', 'c123', uuid].flatMap((c) => [1, 9, 10, 99, 100, 123456789012345].map((n) => index(c, n))),
      btoa(`v1:${uuid}:007:0:abc`),
      btoa(`v1:${uuid}:1234567890123456:0:abc`), // 16 digits: unreadable
      btoa(`v1:${uuid}::0:abc`), // no digits
      btoa(`v1:${uuid}:12x:0:abc`),
      btoa(`v1:${'u'.repeat(70)}:5:0:abc`), // the local index past the 72 bytes read
      btoa(`v1:${uuid}:5`), // no end to the local index
      `${btoa(`v1:${uuid}:`).slice(0, 48)}-_-_${btoa(`v1:${uuid}:42:0:abc`).slice(52)}`, // base64url characters
      btoa(`v2:${uuid}:5:0:abc`),
      btoa(`v1:${uuid}:12:`), // padding right after the local index
      'opaque',
    ];
    const reference = (value: string): { cluster: string; local: number } | undefined => {
      const text = Buffer.from(value.slice(0, 96), 'base64').toString('latin1');
      const match = /^v1:([^:]*):(\d{1,15}):/.exec(text);
      return match ? { cluster: match[1] ?? '', local: Number(match[2]) } : undefined;
    };
    const expected = (current: string, received: string): string => {
      const a = reference(current);
      const b = reference(received);
      return a && b && a.cluster === b.cluster && b.local < a.local ? current : received;
    };
    for (const current of values)
      for (const received of values)
        if (current !== received)
          assert.equal(newerIndex(current, received), expected(current, received), `${current} then ${received}`);
  });
});

describe('consistency waits and rate limits', () => {
  it('retries 412 past maxAttempts while the call has time, and says it is a consistency wait', async () => {
    const retries: RetryInfo[] = [];
    const { client, requests } = scriptedClient([notYet, notYet, notYet, notYet, ok], {
      retry: { maxAttempts: 2 },
      onRetry: (info) => retries.push(info),
    });
    await client.revokeSelf();
    assert.equal(requests.length, 5);
    assert.deepEqual(
      retries.map((r) => r.wait),
      ['consistency', 'consistency', 'consistency', 'consistency'],
    );
    assert.match(retries[0]?.reason ?? '', /consistency wait: this cluster node has not reached/);
  });

  it("waits OpenBao's Retry-After on a 429 naming the index state: a consistency wait, not a rate limit", async () => {
    const retries: RetryInfo[] = [];
    const { client, time } = scriptedClient([baoNotYet, ok], { onRetry: (info) => retries.push(info) });
    await client.revokeSelf();
    assert.deepEqual(time.sleeps, [1000]);
    assert.equal(retries[0]?.wait, 'consistency');
  });

  it('tells a rate-limit quota from a consistency wait, in the retry line and the final error', async () => {
    const retries: RetryInfo[] = [];
    const { client, time } = scriptedClient([quota], {
      totalTimeoutMs: 5000,
      onRetry: (info) => retries.push(info),
    });
    const error = await rejection(client.revokeSelf());
    assert.ok(error instanceof EngineError);
    assert.equal(error.code, 'ENGINE_TOTAL_TIMEOUT');
    assert.match(error.message, /rate limit: the engine asks the client to slow down/);
    assert.doesNotMatch(error.message, /consistency/);
    assert.equal(retries[0]?.wait, 'rate-limit');
    assert.deepEqual(time.sleeps, [2000, 2000]);
  });

  it('stops consistency waits when the time runs out', async () => {
    const { client, time } = scriptedClient([baoNotYet], { totalTimeoutMs: 3500 });
    const error = await rejection(client.revokeSelf());
    assert.ok(error instanceof EngineError);
    assert.equal(error.code, 'ENGINE_TOTAL_TIMEOUT');
    assert.equal(time.sleeps.length, 3);
  });

  it('with retries off (maxAttempts 1), a 412 is final', async () => {
    const { client, requests } = scriptedClient([notYet, ok], { retry: { maxAttempts: 1 } });
    const error = await rejection(client.revokeSelf());
    assert.ok(error instanceof EngineError);
    assert.equal(error.status, 412);
    assert.equal(requests.length, 1);
  });
});

describe('a 403 right after a login', () => {
  const denied: Scripted = { status: 403, body: { errors: ['permission denied'] } };

  it('is retried once with the fresh token, then the call succeeds', async () => {
    const { client, requests } = scriptedClient([LOGIN, denied, ok]);
    const login = await client.loginJwt({ role: 'ci', jwt: 'a.b.c' });
    await client.withToken(login.clientToken).revokeSelf();
    assert.equal(requests.length, 3);
  });

  it('is retried only once', async () => {
    const { client, requests } = scriptedClient([LOGIN, denied, denied, ok]);
    const login = await client.loginJwt({ role: 'ci', jwt: 'a.b.c' });
    const error = await rejection(client.withToken(login.clientToken).revokeSelf());
    assert.ok(error instanceof EngineError);
    assert.equal(error.status, 403);
    assert.equal(requests.length, 3);
  });

  it('is not retried once the fresh token has worked, nor for a token that did not come from a login', async () => {
    const { client, requests } = scriptedClient([LOGIN, ok, denied, ok]);
    const login = await client.loginJwt({ role: 'ci', jwt: 'a.b.c' });
    const loggedIn = client.withToken(login.clientToken);
    await loggedIn.revokeSelf();
    await rejection(loggedIn.revokeSelf());
    assert.equal(requests.length, 3);
    const other = scriptedClient([denied, ok]);
    await rejection(other.client.revokeSelf());
    assert.equal(other.requests.length, 1);
  });
});
