// The bundled action, run as the runner runs it, fetching credentials from a real engine with a
// token login: every credential mode, the hand-off, the post step's revoke and clean-up.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { EngineClient } from '@keyfob/shared/client';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { runJob, runStep } from '../../helpers/run-action.ts';
import { assertNoLeak, exportedSecrets } from './leak-check.ts';
import { DEPLOY_ARN, prepareEngine } from './setup.ts';

describe('action e2e: credentials with a token', () => {
  let engine: EngineProcess;
  let client: EngineClient;
  before(async () => {
    engine = await startEngine();
    client = await prepareEngine(engine);
  });
  after(() => engine.stop());
  const inputs = (extra: Record<string, string>) => ({ url: engine.url, token: engine.rootToken, ...extra });

  it('creds: exports working iam_user keys; the post step revokes the lease and blanks them', async () => {
    const step = { inputs: inputs({ role: 'ci-user', region: 'eu-west-1' }) };
    const main = await runStep('main', step);
    assert.equal(main.exitCode, 0, main.stdout + main.stderr);
    assert.match(main.env.CLOUD_ACCESS_KEY ?? '', /^AKIA/);
    assert.equal(main.env.CLOUD_SESSION_TOKEN, '');
    assert.equal(main.env.CLOUD_REGION, 'eu-west-1');
    assert.equal(main.outputs['credential-type'], 'iam_user');
    assert.match(main.outputs['lease-id'] ?? '', /^cloud\/creds\/ci-user\//);
    assert.match(main.outputs.expiration ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.match(main.summary, /\| ci-user \| creds \| iam_user \|/);
    const keys = { access_key: main.env.CLOUD_ACCESS_KEY ?? '', secret_key: main.env.CLOUD_SECRET_KEY ?? '' };
    assert.equal((await client.dev.whoami(keys)).ok, true, 'the keys work before the post step');
    const post = await runStep('post', { ...step, state: main.state });
    assert.equal(post.exitCode, 0, post.stdout + post.stderr);
    assert.deepEqual(post.env, {
      CLOUD_ACCESS_KEY: '',
      CLOUD_SECRET_KEY: '',
      CLOUD_SESSION_TOKEN: '',
      CLOUD_REGION: '',
    });
    assert.match(post.stdout, /Revoked lease cloud\/creds\/ci-user\//);
    assert.equal((await client.dev.whoami(keys)).ok, false, 'the keys are dead after the post step');
    assertNoLeak('creds + post', main, [engine.rootToken, ...exportedSecrets(main)]);
    assertNoLeak('post step', post, [engine.rootToken, ...exportedSecrets(main)]);
  });

  it('sts: assumed_role with request parameters under the AWS names, with credential outputs on request', async () => {
    const run = await runStep('main', {
      inputs: inputs({
        mode: 'sts',
        role: 'deploy',
        'role-arn': DEPLOY_ARN,
        'role-session-name': 'e2e session',
        ttl: '20m',
        'env-names': 'aws',
        region: 'eu-central-1',
        'output-credentials': 'true',
      }),
    });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs.arn, `arn:aws:sts::123456789012:assumed-role/deploy/e2e_session`);
    assert.equal(run.outputs['credential-type'], 'assumed_role');
    assert.equal(run.env.AWS_DEFAULT_REGION, 'eu-central-1');
    assert.equal(run.outputs['access-key'], run.env.AWS_ACCESS_KEY_ID);
    assert.equal(run.outputs['session-token'], run.env.AWS_SESSION_TOKEN);
    const lifetime = Date.parse(run.outputs.expiration ?? '') - Date.now();
    assert.ok(lifetime > 15 * 60_000 && lifetime <= 20 * 60_000, `expires in about 20 minutes, not ${lifetime} ms`);
    assert.match(run.stdout, /role-session-name "e2e session" was changed to "e2e_session"/);
    const identity = await client.dev.whoami({
      access_key: run.env.AWS_ACCESS_KEY_ID ?? '',
      secret_key: run.env.AWS_SECRET_ACCESS_KEY ?? '',
      session_token: run.env.AWS_SESSION_TOKEN ?? '',
    });
    assert.equal(identity.ok && identity.arn, run.outputs.arn);
    assertNoLeak(
      'sts with output-credentials',
      run,
      [engine.rootToken, ...exportedSecrets(run)],
      ['access-key', 'secret-key', 'session-token'],
    );
  });

  it("static-creds: the static role's current key and its next rotation", async () => {
    const run = await runStep('main', {
      inputs: inputs({ mode: 'static-creds', role: 'backup', 'env-names': 'BACKUP_' }),
    });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs['credential-type'], 'static');
    assert.equal(run.outputs['lease-id'], '');
    assert.ok(Date.parse(run.outputs.expiration ?? '') > Date.now());
    assert.equal(
      (
        await client.dev.whoami({
          access_key: run.env.BACKUP_ACCESS_KEY ?? '',
          secret_key: run.env.BACKUP_SECRET_KEY ?? '',
        })
      ).ok,
      true,
    );
    assertNoLeak('static-creds', run, [engine.rootToken, ...exportedSecrets(run)]);
  });

  it('roles: three sets in one step, each under its own names, all working', async () => {
    const run = await runStep('main', {
      inputs: inputs({
        roles: '# three at once\nci-user\ndeploy mode=sts ttl=15m | DEPLOY_\nreports mode=sts | aws\n',
      }),
    });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    const results = JSON.parse(run.outputs.results ?? '[]') as { role: string; 'credential-type': string }[];
    assert.deepEqual(
      results.map((r) => [r.role, r['credential-type']]),
      [
        ['ci-user', 'iam_user'],
        ['deploy', 'assumed_role'],
        ['reports', 'federation_token'],
      ],
    );
    for (const prefix of ['CLOUD', 'DEPLOY']) {
      const keys = {
        access_key: run.env[`${prefix}_ACCESS_KEY`] ?? '',
        secret_key: run.env[`${prefix}_SECRET_KEY`] ?? '',
        session_token: run.env[`${prefix}_SESSION_TOKEN`] ?? '',
      };
      assert.equal((await client.dev.whoami(keys)).ok, true, prefix);
    }
    assert.ok(run.env.AWS_SESSION_TOKEN);
    assertNoLeak('several roles', run, [engine.rootToken, ...exportedSecrets(run)]);
  });

  it('cleanup: false keeps the lease and the variables', async () => {
    const { main, post } = await runJob({ inputs: inputs({ role: 'ci-user', cleanup: 'false' }) });
    assert.equal(post.exitCode, 0);
    assert.deepEqual(post.env, {});
    assert.equal(
      (
        await client.dev.whoami({
          access_key: main.env.CLOUD_ACCESS_KEY ?? '',
          secret_key: main.env.CLOUD_SECRET_KEY ?? '',
        })
      ).ok,
      true,
    );
    assertNoLeak('cleanup false', main, [engine.rootToken, ...exportedSecrets(main)]);
  });

  it('api-flavor vault: X-Vault-Token and Vault-shaped reads work against the same engine', async () => {
    const run = await runStep('main', {
      inputs: inputs({ 'api-flavor': 'vault', roles: 'ci-user\nbackup mode=static-creds | BACKUP_' }),
    });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.match(run.env.BACKUP_ACCESS_KEY ?? '', /^AKIA/);
    assertNoLeak('vault flavour', run, [engine.rootToken, ...exportedSecrets(run)]);
  });

  it('export-env: false exports nothing and leaves nothing to clean', async () => {
    const { main, post } = await runJob({ inputs: inputs({ mode: 'sts', role: 'deploy', 'export-env': 'false' }) });
    assert.equal(main.exitCode, 0, main.stdout);
    assert.deepEqual(main.env, {});
    assert.match(main.outputs.arn ?? '', /assumed-role\/deploy\/gh-octo\.app-4242-1$/);
    assert.deepEqual(post.env, {});
    assertNoLeak('no export', main, [engine.rootToken]);
  });
});
