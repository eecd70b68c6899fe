import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeEngineFailure } from '@keyfob/shared/credentials';
import type { EngineFailure } from '../../src/credentials/describe-failure.ts';

const base: EngineFailure = {
  code: 'ENGINE_HTTP',
  message: 'failed',
  method: 'GET',
  path: '/v1/cloud/creds/deploy',
  errors: [],
};
const context = { operation: 'get credentials for role "deploy"', role: 'deploy', mount: 'cloud' };

describe('describeEngineFailure', () => {
  const cases: { name: string; failure: Partial<EngineFailure>; hint: RegExp; status?: RegExp }[] = [
    {
      name: '403 points at the token and policy',
      failure: { status: 403, errors: ['permission denied'] },
      hint: /`token`.*policy/,
      status: /answered 403: permission denied/,
    },
    {
      name: '404 points at role and mount',
      failure: { status: 404 },
      hint: /role "deploy".*mount "cloud".*`role`.*`mount`/,
    },
    {
      name: 'Vault-style 400 role not found',
      failure: { status: 400, errors: ['Role "deploy" not found'] },
      hint: /`role` and `mount`/,
    },
    {
      name: 'role_arn refused',
      failure: { status: 400, errors: ['role_arn "x" not in allowed role arns'] },
      hint: /`role-arn`/,
    },
    { name: 'MFA refused', failure: { status: 400, errors: ['MultiFactorAuthentication failed'] }, hint: /`mfa-code`/ },
    {
      name: '503 after retries',
      failure: { status: 503, attempts: 5, errors: ['sealed'] },
      hint: /`max-attempts`/,
      status: /after 5 attempts/,
    },
    {
      name: '500 points at the engine message',
      failure: { status: 500, errors: ['unable to validate username "x"'] },
      hint: /internal failure; its message says why/,
    },
    {
      name: 'refused connection',
      failure: {
        code: 'ENGINE_NETWORK',
        networkCode: 'ECONNREFUSED',
        message:
          'GET /v1/cloud/creds/deploy could not reach the engine at http://127.0.0.1:1 (ECONNREFUSED) (after 3 attempts)',
        attempts: 3,
      },
      hint: /nothing listens at `url`/,
      status:
        /: GET \/v1\/cloud\/creds\/deploy could not reach the engine at http:\/\/127.0.0.1:1 \(ECONNREFUSED\) \(after 3 attempts\)\. Hint/,
    },
    {
      name: 'unknown host',
      failure: { code: 'ENGINE_NETWORK', networkCode: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND' },
      hint: /does not resolve/,
    },
    {
      name: 'untrusted certificate',
      failure: { code: 'ENGINE_NETWORK', networkCode: 'SELF_SIGNED_CERT_IN_CHAIN', message: 'self signed' },
      hint: /`ca-certificate`/,
    },
    {
      name: 'per-request timeout',
      failure: { code: 'ENGINE_TIMEOUT', message: 'timeout after 1000 ms' },
      hint: /`request-timeout`/,
    },
    { name: 'overall timeout', failure: { code: 'ENGINE_TOTAL_TIMEOUT', message: 'gave up' }, hint: /`timeout`/ },
    {
      name: 'missing endpoint',
      failure: { code: 'ENGINE_UNSUPPORTED', status: 404, path: '/v1/cloud/rotate-role/s' },
      hint: /rotate-role/,
    },
    {
      name: 'refused JWT login',
      failure: { status: 400, path: '/v1/auth/jwt/login', errors: ['error validating token: invalid audience'] },
      hint: /`jwt-role`.*`jwt-audience`/,
    },
    {
      name: 'not the engine',
      failure: { code: 'ENGINE_BAD_RESPONSE', status: 200, message: 'not JSON' },
      hint: /without \/v1/,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const text = describeEngineFailure({ ...base, ...c.failure }, context);
      assert.match(text, /^Could not get credentials for role "deploy": /);
      assert.match(text, c.hint);
      if (c.status) assert.match(text, c.status);
    });
  }

  it('names CLI flags when given other names', () => {
    const names = { ...cliNames(), jwtRole: '--jwt-role', jwtAudience: '--jwt-audience', authPath: '--auth-path' };
    const text = describeEngineFailure({ ...base, status: 403 }, { ...context, names });
    assert.match(text, /`--token`/);
  });

  it('leaves the JWT login out of a 403 hint where the face has no JWT login (the CLI)', () => {
    const names = { ...cliNames(), token: 'the base token (--base-token-env|--base-token-file)' };
    const text = describeEngineFailure({ ...base, status: 403 }, { ...context, names });
    assert.match(text, /check `the base token \(--base-token-env\|--base-token-file\)` and the policy\.$/);
    assert.doesNotMatch(text, /JWT login/);
  });

  it('names only the settings a face has in a refused JWT login', () => {
    const failure = {
      ...base,
      status: 400,
      path: '/v1/auth/jwt/login',
      errors: ['error validating token: invalid audience'],
    };
    assert.match(
      describeEngineFailure(failure, { ...context, names: cliNames() }),
      /Hint: the JWT login was refused; check that the token's claims match the engine's role/,
    );
    assert.match(
      describeEngineFailure(failure, context),
      /check `auth-path`, `jwt-role` and that `jwt-audience` and the token's claims match/,
    );
  });
});

/** Flag names of a face without a JWT login, like the CLI's. */
function cliNames() {
  return {
    url: '--url',
    token: '--token',
    mount: '--mount',
    role: 'ROLE',
    roleArn: '--role-arn',
    ttl: '--ttl',
    mfaCode: '--mfa-code',
    caCertificate: '--ca-certificate',
    requestTimeout: '--request-timeout',
    timeout: '--timeout',
    maxAttempts: '--max-attempts',
    apiFlavor: '--api-flavor',
  };
}
