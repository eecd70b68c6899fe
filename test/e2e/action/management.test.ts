// The management modes of the bundled action against a real engine: rotate-static, static-role,
// lint and apply (dry run, apply, prune), and a Vault-flavoured engine lacking rotate-role.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { EngineClient } from '@keyfob/shared/client';
import { REPO_ROOT, startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { runStep } from '../../helpers/run-action.ts';
import { assertNoLeak } from './leak-check.ts';
import { DEPLOY_ARN, prepareEngine } from './setup.ts';

describe('action e2e: rotation, static roles, lint and apply', () => {
  let engine: EngineProcess;
  let client: EngineClient;
  let workspace = '';
  before(async () => {
    engine = await startEngine();
    client = await prepareEngine(engine, undefined, ['metrics-exporter']);
    workspace = mkdtempSync(join(tmpdir(), 'keyfob-e2e-files-'));
    writeFileSync(
      join(workspace, 'deploy.role.yaml'),
      `credential_type: assumed_role\nrole_arns: ${DEPLOY_ARN}\ndefault_sts_ttl: 30m\n`,
    );
    writeFileSync(join(workspace, 'metrics.static-role.yaml'), 'username: metrics-exporter\nrotation_period: 12h\n');
  });
  after(async () => {
    await engine.stop();
    rmSync(workspace, { recursive: true, force: true });
  });
  const inputs = (extra: Record<string, string>) => ({ url: engine.url, token: engine.rootToken, ...extra });

  it('rotate-static: the static role gets a new key now', async () => {
    const before = await client.readStaticCredentials('backup');
    const run = await runStep('main', { inputs: inputs({ mode: 'rotate-static', role: 'backup' }) });
    assert.equal(run.exitCode, 0, run.stdout);
    const now = await client.readStaticCredentials('backup');
    assert.notEqual(now?.accessKey, before?.accessKey);
    assert.equal(run.outputs.expiration, now?.expiration);
    assertNoLeak('rotate-static', run, [engine.rootToken, before?.secretKey, now?.secretKey, now?.accessKey]);
  });

  it('rotate-static on a Vault-like engine without rotate-role says so plainly', async () => {
    const run = await runStep('main', {
      inputs: inputs({ mode: 'rotate-static', role: 'backup', mount: 'elsewhere' }),
    });
    assert.equal(run.exitCode, 1);
    assert.match(run.stdout, /::error::Could not rotate static role "backup": this engine has no rotate-role endpoint/);
    assertNoLeak('rotate-static unsupported', run, [engine.rootToken]);
  });

  it('static-role: creates, then updates with a note about the schedule, then finds nothing to do', async () => {
    const step = (period: string) =>
      runStep('main', {
        inputs: inputs({
          mode: 'static-role',
          role: 'metrics',
          username: 'metrics-exporter',
          'rotation-period': period,
        }),
      });
    const created = await step('6h');
    assert.equal(created.exitCode, 0, created.stdout);
    assert.match(created.stdout, /Static role metrics created \(user metrics-exporter, rotation every 6h0m0s\)/);
    const updated = await step('8h');
    assert.match(updated.stdout, /::notice::Static role metrics: the new rotation_period moves its next rotation/);
    assert.equal(updated.outputs.changed, 'true');
    const same = await step('8h');
    assert.equal(same.outputs.changed, 'false');
    assertNoLeak('static-role create', created, [engine.rootToken]);
    assert.equal((await client.readStaticRole('metrics'))?.rotationPeriod, 8 * 3600);
    assertNoLeak('static-role', updated, [engine.rootToken]);
  });

  it('lint: the examples are clean', async () => {
    const run = await runStep('main', { inputs: { mode: 'lint', files: 'examples/roles' }, workspace: REPO_ROOT });
    assert.equal(run.exitCode, 0, run.stdout);
    assert.deepEqual(JSON.parse(run.outputs.problems ?? ''), []);
    assert.match(run.summary, /role files checked: 0 errors, 0 warnings/);
    assertNoLeak('lint clean', run, []);
  });

  it('lint: one annotation per problem with file, line and column, and a failed step', async () => {
    writeFileSync(
      join(workspace, 'broken.role.yaml'),
      '# a broken role\ncredential_type: iam_user\nrole_arns: arn:aws:iam::1:role/x\n',
    );
    const run = await runStep('main', { inputs: { mode: 'lint', files: '.' }, workspace });
    rmSync(join(workspace, 'broken.role.yaml'));
    assert.equal(run.exitCode, 1);
    const annotations = run.stdout.split('\n').filter((l) => /^::(error|warning) .*file=broken\.role\.yaml,/.test(l));
    assert.ok(annotations.length >= 2, run.stdout);
    for (const line of annotations)
      assert.match(
        line,
        /^::(error|warning) title=[A-Z_]+,file=broken\.role\.yaml,line=\d+,endLine=\d+,col=\d+,endColumn=\d+::/,
      );
    const problems = JSON.parse(run.outputs.problems ?? '[]') as { line: number }[];
    assert.equal(problems.length, annotations.length);
    assert.match(run.summary, /\| broken\.role\.yaml:\d+:\d+ \| error \|/);
    assertNoLeak('lint errors', run, []);
  });

  it('apply: dry run, apply, then prune; the summary says who can get what', async () => {
    await client.writeRole('stray', { credential_type: 'session_token' });
    const write = (method: string, path: string, body: unknown) =>
      fetch(`${engine.url}/v1/${path}`, {
        method,
        headers: { 'X-Service-Token': engine.rootToken, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    assert.equal(
      (
        await write('PUT', 'sys/policies/acl/deploy', {
          policy: 'path "cloud/sts/deploy" { capabilities = ["read", "update"] }',
        })
      ).status,
      204,
    );
    const jwtRole = {
      role_type: 'jwt',
      user_claim: 'repository',
      bound_audiences: ['keyfob'],
      bound_subject: 'repo:octo/app:ref:refs/heads/main',
      token_policies: ['deploy'],
    };
    assert.equal((await write('POST', 'auth/jwt/role/gh-deploy', jwtRole)).status, 204);
    const dry = await runStep('main', {
      inputs: inputs({ mode: 'apply', files: '.', 'dry-run': 'true', prune: 'true' }),
      workspace,
    });
    assert.equal(dry.exitCode, 0, dry.stdout);
    const plan = JSON.parse(dry.outputs.plan ?? '[]') as { op: string; name: string }[];
    assert.deepEqual(
      plan
        .filter((s) => s.op !== 'unchanged')
        .map((s) => `${s.op} ${s.name}`)
        .sort(),
      // deploy-other: the role of another account every action e2e engine has (setup.ts), not in these files.
      [
        'delete ci-user',
        'delete deploy-other',
        'delete reports',
        'delete stray',
        'delete backup',
        'update deploy',
        'update metrics',
      ].sort(),
    );
    assert.equal(await client.readRole('stray').then(Boolean), true, 'dry run changed nothing');
    const applied = await runStep('main', { inputs: inputs({ mode: 'apply', files: '.' }), workspace });
    assert.equal(applied.exitCode, 0, applied.stdout);
    assert.equal((await client.readRole('deploy'))?.defaultStsTtl, 1800);
    assert.equal(await client.readRole('stray').then(Boolean), true, 'without prune nothing is deleted');
    assert.match(dry.summary, /### keyfob: who can get what now \(before the plan\)/);
    assert.match(applied.summary, /### keyfob: who can get what after this apply \(mount `cloud`\)/);
    assert.match(
      applied.summary,
      /^\| gh-deploy \| octo\/app, branch main, no environment \| default, deploy \| deploy \(sts: read, update\) \| – \| – \| – \| – \|$/m,
    );
    assert.match(
      applied.summary,
      /^\| deploy \| credentials \| JWT role gh-deploy: octo\/app, branch main, no environment \(sts: read, update\) \| deploy \|$/m,
    );
    assert.match(applied.summary, /^\| stray \| credentials \| none \|/m);
    const pruned = await runStep('main', { inputs: inputs({ mode: 'apply', files: '.', prune: 'true' }), workspace });
    assert.equal(pruned.exitCode, 0, pruned.stdout);
    assert.equal(await client.readRole('stray'), undefined);
    assert.match(
      pruned.stdout,
      /::warning title=APPLY_STATIC_USER_KEPT::Deleting static role backup leaves its cloud user in place/,
    );
    assert.match(pruned.summary, /apply applied/);
    for (const [name, run] of [
      ['apply dry run', dry],
      ['apply', applied],
      ['apply prune', pruned],
    ] as const)
      assertNoLeak(name, run, [engine.rootToken]);
  });
});
