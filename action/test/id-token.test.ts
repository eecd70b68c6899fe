import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IdTokenError, requestIdToken } from '../src/id-token.ts';

const env = {
  ACTIONS_ID_TOKEN_REQUEST_URL: 'http://runner.test/idtoken?api-version=2.0',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'request-token-xyz',
};

function answering(status: number, body: unknown, seen: string[] = []): typeof fetch {
  return ((url: URL, init: RequestInit) => {
    seen.push(`${String(url)} ${new Headers(init.headers).get('authorization') ?? ''}`);
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  }) as unknown as typeof fetch;
}

describe('requestIdToken', () => {
  it("asks with the request token and the audience, keeping the runner's query", async () => {
    const seen: string[] = [];
    assert.equal(
      await requestIdToken(env, 'keyfob', answering(200, { count: 1, value: 'eyJ.x.y' }, seen), 1000),
      'eyJ.x.y',
    );
    assert.deepEqual(seen, ['http://runner.test/idtoken?api-version=2.0&audience=keyfob Bearer request-token-xyz']);
  });

  const failures = [
    {
      name: 'no OIDC variables',
      env: {},
      fetch: answering(200, {}),
      retryable: false,
      message: /offers no OIDC token/,
    },
    { name: 'a 500', env, fetch: answering(500, {}), retryable: true, message: /answered 500/ },
    { name: 'a 429', env, fetch: answering(429, {}), retryable: true, message: /answered 429/ },
    { name: 'a 401', env, fetch: answering(401, {}), retryable: false, message: /answered 401/ },
    {
      name: 'an answer without a token',
      env,
      fetch: answering(200, { count: 0 }),
      retryable: false,
      message: /without a token/,
    },
    {
      name: 'no answer',
      env,
      fetch: (() =>
        Promise.reject(
          Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }),
        )) as unknown as typeof fetch,
      retryable: true,
      message: /did not answer \(ECONNREFUSED\)/,
    },
  ];
  for (const c of failures) {
    it(`fails on ${c.name}${c.retryable ? ', retryable' : ''}, never quoting the request token`, async () => {
      await assert.rejects(requestIdToken(c.env, undefined, c.fetch, 1000), (error: unknown) => {
        assert.ok(error instanceof IdTokenError);
        assert.equal(error.retryable, c.retryable);
        assert.match(error.message, c.message);
        assert.ok(!error.message.includes('request-token-xyz'));
        return true;
      });
    });
  }
});
