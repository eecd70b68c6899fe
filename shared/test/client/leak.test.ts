import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inspect } from 'node:util';
import type { EngineClient, RetryInfo } from '@keyfob/shared/client';
import type { EngineClientOptions } from '../../src/client/engine-client-options.ts';
import { rejection, scriptedClient, TOKEN, type Scripted } from './helpers/scripted-fetch.ts';

const SECRET_KEY = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
const SESSION = 'FwoGZXIvYXdzEBYaDH+session/token==';
const JWT = 'eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiJyZXBvOm9yZy9yZXBvIn0.c2lnbmF0dXJl';
const OPAQUE_JWT = 'opaque-identity-token-0123456789';
const MFA = '123456';
const BEARER = 'custom-bearer-credential-42';
const ALL = [TOKEN, SECRET_KEY, SESSION, JWT, OPAQUE_JWT, MFA, BEARER];

type Echo = (request: { body: unknown; query: Record<string, string>; headers: Record<string, string> }) => Scripted;

/** An engine that echoes the whole request, and the secrets it carried once more as plain text. */
const echo =
  (status: number, sent: readonly string[] = []): Echo =>
  (request) => ({
    status,
    body: { errors: [`echo ${JSON.stringify(request)}`, `raw ${[TOKEN, ...sent].join(' | ')}`] },
  });

interface LeakCase {
  readonly name: string;
  readonly answer: Scripted | Echo;
  readonly call: (client: EngineClient) => Promise<unknown>;
  readonly options?: Partial<EngineClientOptions>;
}

/** Every way an error is commonly printed or shipped. */
function renderings(error: unknown): string[] {
  return [
    String(error),
    JSON.stringify(error),
    (error as Error).stack ?? '',
    inspect(error, { depth: 10, showHidden: true }),
    JSON.stringify((error as { errors?: unknown }).errors),
    JSON.stringify(Object.entries(error as object)),
  ];
}

function assertNoSecret(texts: readonly string[], secrets: readonly string[]): void {
  for (const text of texts) {
    for (const secret of secrets) {
      assert.ok(!text.includes(secret), `secret ${secret.slice(0, 6)}… leaked in: ${text.slice(0, 200)}`);
      assert.ok(!text.includes(encodeURIComponent(secret)), `encoded secret ${secret.slice(0, 6)}… leaked`);
    }
  }
}

describe('no secret leaves the client in an error', () => {
  const networkFailure = Object.assign(new TypeError(`fetch failed for token ${TOKEN}`), {
    cause: Object.assign(new Error(`socket hang up; headers {"x-service-token":"${TOKEN}"}`), {
      code: 'ECONNRESET',
      headers: { 'x-service-token': TOKEN },
    }),
    request: { headers: { 'x-service-token': TOKEN } },
  });
  const cases: LeakCase[] = [
    { name: 'a 403 that echoes the token', answer: echo(403), call: (c) => c.readRole('deploy') },
    {
      name: 'a 400 that echoes the root secret key',
      answer: echo(400, [SECRET_KEY]),
      call: (c) => c.writeRootConfig({ access_key: 'AKIA1', secret_key: SECRET_KEY }),
    },
    {
      name: 'a JWT login rejected with the JWT echoed',
      answer: echo(400, [JWT]),
      call: (c) => c.loginJwt({ role: 'ci', jwt: JWT }),
    },
    {
      name: 'an opaque login token echoed',
      answer: echo(400, [OPAQUE_JWT]),
      call: (c) => c.loginJwt({ role: 'ci', jwt: OPAQUE_JWT }),
    },
    {
      name: 'an MFA code echoed from the query string',
      answer: echo(400, [MFA]),
      call: (c) => c.creds('deploy', { mfa_code: MFA }),
    },
    {
      name: 'a custom Authorization header echoed',
      answer: echo(401, [BEARER]),
      call: (c) => c.readRole('deploy'),
      options: { headers: { Authorization: `Bearer ${BEARER}` } },
    },
    {
      name: 'whoami credentials echoed in a 400',
      answer: echo(400, [SECRET_KEY, SESSION]),
      call: (c) => c.dev.whoami({ access_key: 'A', secret_key: SECRET_KEY, session_token: SESSION }),
    },
    {
      name: 'a network failure whose cause carries the token',
      answer: { throws: networkFailure },
      call: (c) => c.readRole('deploy'),
    },
    {
      name: 'a total timeout wrapping an echoing 503',
      answer: echo(503),
      call: (c) => c.readRole('deploy'),
      options: { totalTimeoutMs: 300 },
    },
    {
      name: 'a 200 that is not JSON and holds the token',
      answer: { status: 200, body: `<p>${TOKEN}</p>` },
      call: (c) => c.creds('deploy'),
    },
    {
      name: 'credentials missing a field',
      answer: { body: { data: { secret_key: SECRET_KEY, session_token: SESSION } } },
      call: (c) => c.creds('deploy'),
    },
  ];
  for (const c of cases) {
    it(`hides secrets in ${c.name}`, async () => {
      const retries: RetryInfo[] = [];
      const { client } = scriptedClient(typeof c.answer === 'function' ? c.answer : [c.answer], {
        retry: { maxAttempts: 2, baseDelayMs: 100 },
        onRetry: (info) => retries.push(info),
        ...c.options,
      });
      const error = await rejection(c.call(client));
      assertNoSecret(renderings(error), ALL);
      assertNoSecret(
        retries.map((info) => JSON.stringify({ ...info, error: undefined }) + info.reason),
        ALL,
      );
    });
  }

  it('hides secrets in whoami errors returned as data', async () => {
    const { client } = scriptedClient(echo(403, [SECRET_KEY, SESSION]));
    const result = await client.dev.whoami({ access_key: 'A', secret_key: SECRET_KEY, session_token: SESSION });
    assert.equal(result.ok, false);
    assertNoSecret([JSON.stringify(result)], ALL);
  });

  it('hides secrets in write warnings', async () => {
    const { client } = scriptedClient([
      { body: { data: null, warnings: [`ignored secret_key ${SECRET_KEY} and ${TOKEN}`] } },
    ]);
    const result = await client.writeRootConfig({ access_key: 'AKIA1', secret_key: SECRET_KEY });
    assert.equal(result.warnings.length, 1);
    assertNoSecret([JSON.stringify(result)], ALL);
  });
});
