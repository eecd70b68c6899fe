import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EngineError, isEngineError, type EngineClient } from '@keyfob/shared/client';
import { EngineUnsupportedError, type EngineErrorCode } from '../../src/client/engine-error.ts';
import { rejection, scriptedClient, type Scripted } from './helpers/scripted-fetch.ts';

interface ErrorCase {
  readonly name: string;
  readonly answers: Scripted[];
  readonly call?: (client: EngineClient) => Promise<unknown>;
  readonly code: EngineErrorCode;
  readonly status?: number;
  readonly errors?: string[];
  readonly message: RegExp;
  readonly path?: string;
  readonly attempts?: number;
}

const refused = Object.assign(new TypeError('fetch failed'), {
  cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8200'), { code: 'ECONNREFUSED' }),
});

describe('engine errors', () => {
  const cases: ErrorCase[] = [
    {
      name: 'a 400 quotes the engine message with method and path',
      answers: [
        {
          status: 400,
          body: { errors: ['role_arn "arn:aws:iam::1:role/x" not in allowed role arns for Vault role "deploy"'] },
        },
      ],
      call: (c) => c.sts('deploy', { role_arn: 'arn:aws:iam::1:role/x' }),
      code: 'ENGINE_HTTP',
      status: 400,
      path: '/v1/cloud/sts/deploy',
      attempts: 1,
      errors: ['role_arn "arn:aws:iam::1:role/x" not in allowed role arns for Vault role "deploy"'],
      message:
        /^POST \/v1\/cloud\/sts\/deploy failed with 400: role_arn "arn:aws:iam::1:role\/x" not in allowed role arns/,
    },
    {
      name: 'a 403 keeps its status',
      answers: [{ status: 403, body: { errors: ['permission denied'] } }],
      code: 'ENGINE_HTTP',
      status: 403,
      errors: ['permission denied'],
      message: /failed with 403: permission denied/,
    },
    {
      name: 'Go multierror wrapping is unwrapped',
      answers: [{ status: 500, body: { errors: ['2 errors occurred:\n\t* first thing\n\t* second thing\n\n'] } }],
      call: (c) => c.rotateRoot({ retryOn: () => false }),
      code: 'ENGINE_HTTP',
      status: 500,
      errors: ['first thing', 'second thing'],
      message: /failed with 500: first thing; second thing/,
    },
    {
      name: 'an empty errors list says so',
      answers: [{ status: 400, body: { errors: [] } }],
      code: 'ENGINE_HTTP',
      status: 400,
      errors: [],
      message: /failed with 400: \(no message\)/,
    },
    {
      name: 'a proxy page is never echoed',
      answers: [{ status: 400, body: '<html><body>Bad gateway from proxy, token=abc</body></html>' }],
      code: 'ENGINE_HTTP',
      status: 400,
      errors: [],
      message: /failed with 400: non-JSON response \(\d+ bytes\)$/,
    },
    {
      name: 'JSON without an errors list is never echoed',
      answers: [{ status: 400, body: { message: 'custom engine echo' } }],
      code: 'ENGINE_HTTP',
      status: 400,
      errors: [],
      message: /response without an errors list \(\d+ bytes\)$/,
    },
    {
      name: 'long engine messages are cut to about 300 characters',
      answers: [{ status: 400, body: { errors: ['word '.repeat(200)] } }],
      code: 'ENGINE_HTTP',
      status: 400,
      errors: [`${'word '.repeat(59)}word…`],
      message: /failed with 400: (word )+word…$/,
    },
    {
      name: 'a cut never leaves part of a word: it may be a secret the client was never told',
      answers: [{ status: 400, body: { errors: [`denied ${'x'.repeat(1000)}`] } }],
      code: 'ENGINE_HTTP',
      status: 400,
      errors: ['denied …'],
      message: /failed with 400: denied …$/,
    },
    {
      name: 'a redirect is refused and not followed',
      answers: [{ status: 307, headers: { location: 'https://active.vault.test:8200/v1/cloud/roles/deploy' } }],
      code: 'ENGINE_HTTP',
      status: 307,
      message: /redirected \(307\) to https:\/\/active\.vault\.test:8200;/,
    },
    {
      name: 'a refused connection is a network error with its code',
      answers: [{ throws: refused }],
      code: 'ENGINE_NETWORK',
      message: /could not reach the engine at http:\/\/engine\.test:8200 \(ECONNREFUSED\) \(after 5 attempts\)$/,
      attempts: 5,
    },
    {
      name: 'a hung request times out',
      answers: [{ hang: true }],
      code: 'ENGINE_TIMEOUT',
      message: /got no complete answer within 5 ms \(after 5 attempts\)/,
      attempts: 5,
    },
    {
      name: 'a 200 that is not JSON is a bad response',
      answers: [{ status: 200, body: 'OK' }],
      call: (c) => c.creds('deploy'),
      code: 'ENGINE_BAD_RESPONSE',
      status: 200,
      message: /unusable response: non-JSON response \(2 bytes\)/,
    },
    {
      name: 'credentials without a secret key are a bad response naming the field',
      answers: [{ body: { data: { access_key: 'AKIA1' } } }],
      call: (c) => c.creds('deploy'),
      code: 'ENGINE_BAD_RESPONSE',
      status: 200,
      message: /GET \/v1\/cloud\/creds\/deploy returned an unusable response: missing "secret_key"/,
    },
    {
      name: 'a 404 that names the path is an error, not "no role"',
      answers: [{ status: 404, body: { errors: ['1 error occurred:\n\t* unsupported path\n\n'] } }],
      code: 'ENGINE_HTTP',
      status: 404,
      errors: ['unsupported path'],
      message: /failed with 404: unsupported path \(is the mount "cloud" right\?\)/,
    },
    {
      name: 'an invalid role name fails before any request',
      answers: [],
      call: (c) => c.creds('bad name/../x'),
      code: 'ENGINE_INVALID_NAME',
      attempts: 0,
      message: /Invalid role name "bad name\/\.\.\/x"/,
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const { client, requests } = scriptedClient(c.answers, { requestTimeoutMs: 5, retry: { baseDelayMs: 0 } });
      const error = await rejection((c.call ?? ((x: EngineClient) => x.readRole('deploy')))(client));
      assert.ok(error instanceof EngineError, String(error));
      assert.ok(isEngineError(error));
      assert.equal(error.code, c.code);
      assert.equal(error.status, c.status);
      assert.match(error.message, c.message);
      if (c.path) assert.equal(error.path, c.path);
      if (c.errors) assert.deepEqual(error.errors, c.errors);
      if (c.attempts !== undefined) assert.equal(error.attempts, c.attempts);
      assert.equal(requests.length, error.attempts);
      assert.ok(!error.path.includes('?'), 'path carries no query string');
    });
  }

  const unsupported: { name: string; answer: Scripted; unsupported: boolean }[] = [
    {
      name: '405',
      answer: { status: 405, body: { errors: ['1 error occurred:\n\t* unsupported operation\n\n'] } },
      unsupported: true,
    },
    {
      name: '404 unsupported path (Vault)',
      answer: { status: 404, body: { errors: ['1 error occurred:\n\t* unsupported path\n\n'] } },
      unsupported: true,
    },
    { name: 'a bare 404', answer: { status: 404, body: { errors: [] } }, unsupported: true },
    {
      name: '404 naming the missing static role',
      answer: { status: 404, body: { errors: ['static role "svc" not found'] } },
      unsupported: false,
    },
  ];
  for (const c of unsupported) {
    it(`rotateStaticRole on ${c.name} ${c.unsupported ? 'is EngineUnsupportedError' : 'is an ordinary 404'}`, async () => {
      const { client } = scriptedClient([c.answer]);
      const error = await rejection(client.rotateStaticRole('svc'));
      assert.ok(error instanceof EngineError);
      assert.equal(error instanceof EngineUnsupportedError, c.unsupported);
      assert.equal(error.code, c.unsupported ? 'ENGINE_UNSUPPORTED' : 'ENGINE_HTTP');
      if (c.unsupported) assert.match(error.message, /lacks this endpoint/);
      assert.equal(error.path, '/v1/cloud/rotate-role/svc');
    });
  }

  it('an abort before the call sends nothing', async () => {
    const { client, requests } = scriptedClient([{ status: 204 }]);
    const error = await rejection(client.revokeSelf({ signal: AbortSignal.abort() }));
    assert.ok(error instanceof EngineError);
    assert.equal(error.code, 'ENGINE_ABORTED');
    assert.equal(requests.length, 0);
  });

  it('an abort during a request stops it without retries', async () => {
    const controller = new AbortController();
    const { client, requests } = scriptedClient((request) => {
      if (request.method === 'POST') setImmediate(() => controller.abort());
      return { hang: true };
    });
    const error = await rejection(client.revokeSelf({ signal: controller.signal }));
    assert.ok(error instanceof EngineError);
    assert.equal(error.code, 'ENGINE_ABORTED');
    assert.equal(requests.length, 1);
  });

  it('serialises to JSON with its fields', async () => {
    const { client } = scriptedClient([{ status: 403, body: { errors: ['permission denied'] } }]);
    const error = await rejection(client.readRole('deploy'));
    assert.deepEqual(JSON.parse(JSON.stringify(error)), {
      name: 'EngineError',
      code: 'ENGINE_HTTP',
      message: 'GET /v1/cloud/roles/deploy failed with 403: permission denied',
      status: 403,
      method: 'GET',
      path: '/v1/cloud/roles/deploy',
      errors: ['permission denied'],
      attempts: 1,
    });
  });
});
