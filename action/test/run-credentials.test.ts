import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { run } from '../src/main.ts';
import { credsAnswer, fakeEngine, testDeps } from './fake-engine.ts';
import { FakeRunner } from './fake-runner.ts';

const TOKEN = 'hvs.unit-test-engine-token-0001';
const IAM = {
  access_key: 'AKIAUNITTEST0000001',
  secret_key: 'unit/secret+key/0000000000000000000001',
  session_token: null,
};
const STS = {
  access_key: 'ASIAUNITTEST0000002',
  secret_key: 'unit/secret+key/0000000000000000000002',
  session_token: 'FwoGZXIvYXdzEunit-session-token-0002',
  arn: 'arn:aws:sts::123456789012:assumed-role/deploy/gh-octo.app-7-1',
};
const github = { GITHUB_REPOSITORY: 'octo/app', GITHUB_RUN_ID: '7', GITHUB_RUN_ATTEMPT: '1' };

function setup(inputs: Record<string, string>, routes: Parameters<typeof fakeEngine>[0]) {
  const runner = new FakeRunner({ url: 'http://engine.test:8200', token: TOKEN, ...inputs }, github);
  const engine = fakeEngine(routes);
  return { runner, engine, go: () => run(runner, testDeps(engine.fetch, runner)) };
}

/** Every secret value the test engine issued, for the leak checks. */
const SECRETS = [TOKEN, IAM.access_key, IAM.secret_key, STS.access_key, STS.secret_key, STS.session_token];

function assertNoLeak(runner: FakeRunner, allowedInOutputs = false): void {
  for (const secret of SECRETS) {
    assert.deepEqual(runner.unmaskedAppearances(secret), [], `${secret} printed before its mask`);
    assert.ok(!runner.printed().some((line) => line.includes(secret)), `${secret} printed`);
    assert.ok(!runner.summary.includes(secret), `${secret} in the summary`);
    if (!allowedInOutputs)
      assert.ok(![...runner.outputs.values()].some((v) => v.includes(secret)), `${secret} in an output`);
  }
}

describe('run: credential modes', () => {
  it('creds: iam_user keys exported, outputs set, lease recorded for the post step, nothing leaked', async () => {
    const { runner, engine, go } = setup(
      { role: 'ci-user' },
      {
        'GET /v1/cloud/creds/ci-user': credsAnswer(IAM, {
          id: 'cloud/creds/ci-user/abc',
          duration: 3600,
          renewable: true,
        }),
      },
    );
    await go();
    assert.equal(
      runner.events.find((e) => e.kind === 'failed'),
      undefined,
    );
    assert.equal(engine.requests[0]?.headers.get('x-service-token'), TOKEN);
    assert.equal(engine.requests[0]?.query.get('role_session_name'), 'gh-octo.app-7-1');
    assert.deepEqual(Object.fromEntries(runner.exported), {
      CLOUD_ACCESS_KEY: IAM.access_key,
      CLOUD_SECRET_KEY: IAM.secret_key,
      CLOUD_SESSION_TOKEN: '',
    });
    assert.equal(runner.outputs.get('credential-type'), 'iam_user');
    assert.equal(runner.outputs.get('lease-id'), 'cloud/creds/ci-user/abc');
    assert.equal(runner.outputs.get('lease-duration'), '3600');
    assert.equal(runner.outputs.get('expiration'), '2026-03-01T11:00:00.000Z');
    assert.equal(runner.outputs.has('secret-key'), false);
    assert.deepEqual(JSON.parse(runner.state.get('keyfob-cleanup') ?? ''), {
      leases: [{ role: 'ci-user', leaseId: 'cloud/creds/ci-user/abc' }],
      variables: ['CLOUD_ACCESS_KEY', 'CLOUD_SECRET_KEY', 'CLOUD_SESSION_TOKEN'],
    });
    assert.match(runner.summary, /\| ci-user \| creds \| iam_user \| 2026-03-01T11:00:00.000Z \|/);
    const firstExport = runner.events.findIndex((e) => e.kind === 'export');
    const secretMask = runner.events.findIndex((e) => e.kind === 'mask' && e.text === IAM.secret_key);
    assert.ok(secretMask >= 0 && secretMask < firstExport, 'masked before exported');
    assertNoLeak(runner);
  });

  it('sts: POST body with the request parameters, session token and ARN, AWS names and region', async () => {
    const { runner, engine, go } = setup(
      {
        mode: 'sts',
        role: 'deploy',
        ttl: '15m',
        'role-arn': 'arn:aws:iam::123456789012:role/deploy',
        'env-names': 'aws',
        region: 'eu-west-1',
        'output-credentials': 'true',
      },
      { 'POST /v1/cloud/sts/deploy': credsAnswer({ ...STS, ttl: 899 }, { id: 'cloud/sts/deploy/x', duration: 899 }) },
    );
    await go();
    assert.deepEqual(engine.requests[0]?.body, {
      role_arn: 'arn:aws:iam::123456789012:role/deploy',
      role_session_name: 'gh-octo.app-7-1',
      ttl: '15m',
    });
    assert.deepEqual(Object.fromEntries(runner.exported), {
      AWS_ACCESS_KEY_ID: STS.access_key,
      AWS_SECRET_ACCESS_KEY: STS.secret_key,
      AWS_SESSION_TOKEN: STS.session_token,
      AWS_REGION: 'eu-west-1',
      AWS_DEFAULT_REGION: 'eu-west-1',
    });
    assert.equal(runner.outputs.get('arn'), STS.arn);
    assert.equal(runner.outputs.get('credential-type'), 'assumed_role');
    assert.equal(runner.outputs.get('session-token'), STS.session_token);
    assert.deepEqual(
      (JSON.parse(runner.state.get('keyfob-cleanup') ?? '{}') as { leases: unknown[] }).leases,
      [],
      'STS leases are not revoked',
    );
    assertNoLeak(runner, true);
  });

  it('static-creds: expiration from the engine, no lease', async () => {
    const { runner, go } = setup(
      { mode: 'static-creds', role: 'backup' },
      {
        'GET /v1/cloud/static-creds/backup': {
          status: 200,
          body: {
            access_key: IAM.access_key,
            secret_key: IAM.secret_key,
            expiration: '2026-03-02T00:00:00.123456789Z',
          },
        },
      },
    );
    await go();
    assert.equal(runner.outputs.get('expiration'), '2026-03-02T00:00:00.123Z');
    assert.equal(runner.outputs.get('credential-type'), 'static');
    assert.equal(runner.outputs.get('lease-id'), '');
    assertNoLeak(runner);
  });

  it('roles: several sets in one step, each under its own names', async () => {
    const { runner, go } = setup(
      { roles: 'ci-user\ndeploy mode=sts | DEPLOY' },
      {
        'GET /v1/cloud/creds/ci-user': credsAnswer(IAM, { id: 'cloud/creds/ci-user/1', duration: 60, renewable: true }),
        'POST /v1/cloud/sts/deploy': credsAnswer(STS, { id: 'cloud/sts/deploy/2', duration: 900 }),
      },
    );
    await go();
    assert.equal(runner.exported.get('CLOUD_ACCESS_KEY'), IAM.access_key);
    assert.equal(runner.exported.get('DEPLOY_SESSION_TOKEN'), STS.session_token);
    const results = JSON.parse(runner.outputs.get('results') ?? '[]') as { role: string; 'credential-type': string }[];
    assert.deepEqual(
      results.map((r) => [r.role, r['credential-type']]),
      [
        ['ci-user', 'iam_user'],
        ['deploy', 'assumed_role'],
      ],
    );
    assertNoLeak(runner);
  });

  it('retries a 503 and then succeeds', async () => {
    const { runner, engine, go } = setup(
      { role: 'ci-user' },
      {
        'GET /v1/cloud/creds/ci-user': [
          { status: 503, body: { errors: ['Vault is sealed'] } },
          credsAnswer(IAM, { id: 'l', duration: 60, renewable: true }),
        ],
      },
    );
    await go();
    assert.equal(engine.requests.length, 2);
    assert.ok(runner.printed().some((l) => /failed \(HTTP 503: Vault is sealed\); attempt 2 of 5/.test(l)));
    assert.equal(
      runner.events.find((e) => e.kind === 'failed'),
      undefined,
    );
  });

  const failures = [
    {
      name: 'a refused token',
      status: 403,
      errors: ['permission denied'],
      expect: /answered 403: permission denied\. Hint: .*`token`/,
    },
    {
      name: 'a missing role',
      status: 400,
      errors: ['Role "ci-user" not found'],
      expect: /answered 400: Role "ci-user" not found\. Hint: role "ci-user" does not exist at mount "cloud"/,
    },
  ];
  for (const c of failures) {
    it(`fails once, clearly, on ${c.name}, without retrying`, async () => {
      const { runner, engine, go } = setup(
        { role: 'ci-user' },
        { 'GET /v1/cloud/creds/ci-user': { status: c.status, body: { errors: c.errors } } },
      );
      await go();
      const failed = runner.events.filter((e) => e.kind === 'failed');
      assert.equal(failed.length, 1);
      assert.match(
        failed[0]?.text ?? '',
        /^Could not get credentials for role "ci-user": GET \/v1\/cloud\/creds\/ci-user/,
      );
      assert.match(failed[0]?.text ?? '', c.expect);
      assert.equal(engine.requests.length, 1);
      assert.equal(runner.outputs.get('error-message'), failed[0]?.text);
      assertNoLeak(runner);
    });
  }

  it('redacts an engine message that echoes the token', async () => {
    const { runner, go } = setup(
      { role: 'ci-user' },
      { 'GET /v1/cloud/creds/ci-user': { status: 400, body: { errors: [`bad token ${TOKEN}`] } } },
    );
    await go();
    const failed = runner.events.find((e) => e.kind === 'failed')?.text ?? '';
    assert.ok(!failed.includes(TOKEN));
    assert.match(failed, /bad token \*\*\*/);
  });

  it('fails on input problems before any request, naming every bad input', async () => {
    const { runner, engine, go } = setup({ role: 'a/b', ttl: '1d' }, {});
    await go();
    assert.equal(engine.requests.length, 0);
    const failed = runner.events.filter((e) => e.kind === 'failed');
    assert.equal(failed.length, 1);
    assert.match(failed[0]?.text ?? '', /2 inputs are invalid: ⏎ - role "a\/b"[^⏎]* ⏎ - ttl/);
  });
});
