import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCredentialFetches, parseRolesInput } from '@keyfob/shared/credentials';
import type { RequestDefaults } from '../../src/credentials/credential-fetches.ts';

const defaults: RequestDefaults = {
  method: 'creds',
  env: 'cloud',
  exportEnv: true,
  context: { repository: 'octo/app', runId: '9', runAttempt: '1' },
};

function fromLines(text: string, overrides: Partial<RequestDefaults> = {}) {
  return buildCredentialFetches(parseRolesInput(text).value, { ...defaults, ...overrides });
}

describe('buildCredentialFetches', () => {
  it('builds one request from the single role input with step-wide settings', () => {
    const result = buildCredentialFetches([{ role: 'deploy' }], {
      ...defaults,
      method: 'sts',
      ttl: '15m',
      roleArn: 'arn:aws:iam::1:role/d',
    });
    assert.deepEqual(result.problems, []);
    assert.deepEqual(result.value, [
      {
        role: 'deploy',
        method: 'sts',
        params: { role_arn: 'arn:aws:iam::1:role/d', role_session_name: 'gh-octo.app-9-1', ttl: '15m' },
        ttlSeconds: 900,
        env: {
          accessKey: 'CLOUD_ACCESS_KEY',
          secretKey: 'CLOUD_SECRET_KEY',
          sessionToken: 'CLOUD_SESSION_TOKEN',
          region: ['CLOUD_REGION'],
        },
      },
    ]);
  });

  it('lets a line override the step-wide settings', () => {
    const result = fromLines('a\nb mode=sts ttl=5m role_session_name=x | B', { ttl: '1h' });
    assert.deepEqual(result.problems, []);
    assert.equal(result.value[0]?.params.ttl, '1h');
    assert.equal(result.value[1]?.method, 'sts');
    assert.equal(result.value[1]?.params.ttl, '5m');
    assert.equal(result.value[1]?.params.role_session_name, 'x');
    assert.equal(result.value[1]?.env?.accessKey, 'B_ACCESS_KEY');
  });

  it('sends no parameters for static credentials and says the given ones are ignored', () => {
    const result = fromLines('s mode=static-creds ttl=5m');
    assert.deepEqual(result.value[0]?.params, {});
    assert.deepEqual(
      result.problems.map((p) => [p.code, p.severity, p.data?.line]),
      [['INPUT_IGNORED', 'warning', 1]],
    );
  });

  it('skips env names entirely when exporting is off', () => {
    const result = fromLines('a\nb', { exportEnv: false });
    assert.deepEqual(result.problems, []);
    assert.equal(result.value[1]?.env, undefined);
  });

  const bad = [
    { name: 'two lines on the default names', input: 'a\nb', code: 'ROLES_INPUT_DUPLICATE_ENV', line: 2 },
    { name: 'a prefix that equals a preset', input: 'a | aws\nb | AWS', code: 'ROLES_INPUT_DUPLICATE_ENV', line: 2 },
    { name: 'a bad ttl on a line', input: 'a ttl=1d', code: 'DURATION_BAD_UNIT', line: 1 },
    { name: 'a ttl without unit', input: 'a ttl=900', code: 'DURATION_MISSING_UNIT', line: 1 },
    { name: 'a bad ARN on a line', input: 'x\ny role_arn=role/y | Y', code: 'INPUT_INVALID_VALUE', line: 2 },
    { name: 'a reserved prefix', input: 'a | GITHUB_', code: 'ENV_NAME_RESERVED', line: 1 },
  ];
  for (const c of bad) {
    it(`reports ${c.name}`, () => {
      const result = fromLines(c.input);
      const problem = result.problems.find((p) => p.code === c.code);
      assert.ok(problem, `expected ${c.code} in ${JSON.stringify(result.problems)}`);
      assert.equal(problem.path, '/roles');
      assert.equal(problem.data?.line, c.line);
    });
  }

  it('names the action input for step-wide settings', () => {
    const result = buildCredentialFetches([{ role: 'deploy' }], { ...defaults, ttl: 'soon', mfaCode: '12ab' });
    assert.deepEqual(
      result.problems.map((p) => [p.code, p.path]),
      [
        ['DURATION_SYNTAX', '/ttl'],
        ['INPUT_INVALID_VALUE', '/mfa-code'],
      ],
    );
    assert.doesNotMatch(result.problems[1]?.message ?? '', /12ab/, 'an MFA code is never quoted back');
  });

  it('warns when a given session name had to change', () => {
    const result = buildCredentialFetches([{ role: 'deploy' }], { ...defaults, roleSessionName: 'octo/app run' });
    assert.equal(result.value[0]?.params.role_session_name, 'octo_app_run');
    assert.deepEqual(
      result.problems.map((p) => [p.code, p.severity, p.path]),
      [['INPUT_SESSION_NAME_CHANGED', 'warning', '/role-session-name']],
    );
  });
});
