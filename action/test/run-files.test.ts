import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { run } from '../src/main.ts';
import { fakeEngine, testDeps } from './fake-engine.ts';
import { FakeRunner } from './fake-runner.ts';

let workspace = '';
before(() => {
  workspace = mkdtempSync(join(tmpdir(), 'keyfob-action-files-'));
  mkdirSync(join(workspace, 'roles', 'node_modules'), { recursive: true });
  writeFileSync(
    join(workspace, 'roles', 'deploy.role.yaml'),
    'credential_type: assumed_role\nrole_arns: arn:aws:iam::123456789012:role/deploy\n',
  );
  writeFileSync(join(workspace, 'roles', 'backup.static-role.yaml'), 'username: backup\nrotation_period: 24h\n');
  writeFileSync(join(workspace, 'roles', 'notes.yaml'), 'not: a role file\n');
  writeFileSync(join(workspace, 'roles', 'node_modules', 'x.role.yaml'), 'broken: [\n');
  mkdirSync(join(workspace, 'bad'));
  writeFileSync(join(workspace, 'bad', 'ci.role.yaml'), '# ci\ncredential_type: iam_user\nuser_path: keyfob\n');
});
after(() => rmSync(workspace, { recursive: true, force: true }));

const TOKEN = 'hvs.files-test-engine-token-0001';
const failed = (runner: FakeRunner) => runner.events.filter((e) => e.kind === 'failed').map((e) => e.text);

describe('run: lint mode', () => {
  it('passes clean files, skipping other files and node_modules', async () => {
    const runner = new FakeRunner({ mode: 'lint', files: 'roles' }, { GITHUB_WORKSPACE: workspace });
    await run(runner, testDeps(fakeEngine({}).fetch, runner));
    assert.deepEqual(failed(runner), []);
    assert.deepEqual(JSON.parse(runner.outputs.get('problems') ?? ''), []);
    assert.match(runner.summary, /2 role files checked: 0 errors, 0 warnings/);
  });

  it('annotates each problem on its file, line and column, and fails once', async () => {
    const runner = new FakeRunner({ mode: 'lint', files: 'roles\nbad/ci.role.yaml' }, { GITHUB_WORKSPACE: workspace });
    await run(runner, testDeps(fakeEngine({}).fetch, runner));
    const errors = runner.events.filter((e) => e.kind === 'error');
    assert.ok(errors.length >= 2);
    for (const e of errors) {
      assert.equal(e.where?.file, 'bad/ci.role.yaml');
      assert.ok((e.where?.startLine ?? 0) >= 2, 'lines count from 1 and skip the comment');
      assert.ok((e.where?.startColumn ?? 0) >= 1);
      assert.match(e.where?.title ?? '', /^[A-Z_]+$/);
    }
    assert.equal(failed(runner).length, 1);
    assert.match(failed(runner)[0] ?? '', /^Role files have errors: 3 role files checked: \d+ errors/);
    const problems = JSON.parse(runner.outputs.get('problems') ?? '[]') as {
      file: string;
      line: number;
      code: string;
    }[];
    assert.equal(problems.filter((p) => p.file === 'bad/ci.role.yaml').length, errors.length);
    assert.match(runner.summary, /\| bad\/ci\.role\.yaml:\d+:\d+ \| error \| `[A-Z_]+` \|/);
  });

  it('names a path that does not exist', async () => {
    const runner = new FakeRunner({ mode: 'lint', files: 'nowhere' }, { GITHUB_WORKSPACE: workspace });
    await run(runner, testDeps(fakeEngine({}).fetch, runner));
    assert.match(failed(runner)[0] ?? '', /"nowhere" does not exist.*`files`/);
  });
});

describe('run: apply mode', () => {
  const engineWith = () =>
    fakeEngine({
      // Absent when planned; there when apply reads back its write.
      'GET /v1/cloud/roles/deploy': [
        { status: 404, body: { errors: [] } },
        { status: 200, body: { data: { credential_type: 'assumed_role' } } },
      ],
      'GET /v1/cloud/static-roles/backup': {
        status: 200,
        body: { name: 'backup', username: 'backup', rotation_period: '24h0m0s' },
      },
      'GET /v1/cloud/roles': { status: 200, body: { data: { keys: ['deploy', 'stale'] } } },
      'GET /v1/cloud/static-roles': { status: 200, body: { data: { keys: ['backup'] } } },
      'POST /v1/cloud/roles/deploy': { status: 204 },
      'DELETE /v1/cloud/roles/stale': { status: 204 },
    });

  it('dry-run shows the plan and changes nothing', async () => {
    const runner = new FakeRunner(
      { mode: 'apply', url: 'http://engine.test', token: TOKEN, files: 'roles', 'dry-run': 'true', prune: 'true' },
      { GITHUB_WORKSPACE: workspace },
    );
    const engine = engineWith();
    await run(runner, testDeps(engine.fetch, runner));
    assert.deepEqual(failed(runner), []);
    assert.deepEqual(
      engine.requests.filter((r) => r.method !== 'GET').map((r) => r.path),
      [],
    );
    assert.deepEqual(JSON.parse(runner.outputs.get('plan') ?? ''), [
      { op: 'create', kind: 'role', name: 'deploy', fields: ['credential_type', 'role_arns'] },
      { op: 'delete', kind: 'role', name: 'stale', fields: [] },
      { op: 'unchanged', kind: 'static-role', name: 'backup', fields: [] },
    ]);
    assert.equal(runner.outputs.get('changed'), 'true');
    assert.ok(runner.printed().includes('+   role deploy (credential_type, role_arns)'));
    assert.match(runner.summary, /apply planned \(dry run\)/);
  });

  it('applies the plan', async () => {
    const runner = new FakeRunner(
      { mode: 'apply', url: 'http://engine.test', token: TOKEN, files: 'roles', prune: 'true' },
      { GITHUB_WORKSPACE: workspace },
    );
    const engine = engineWith();
    await run(runner, testDeps(engine.fetch, runner));
    assert.deepEqual(failed(runner), []);
    assert.deepEqual(
      engine.requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path, r.body]),
      [
        [
          'POST',
          '/v1/cloud/roles/deploy',
          { credential_type: 'assumed_role', role_arns: ['arn:aws:iam::123456789012:role/deploy'] },
        ],
        ['DELETE', '/v1/cloud/roles/stale', undefined],
      ],
    );
    assert.match(runner.summary, /apply applied/);
    assert.ok(
      runner.events.some(
        (e) =>
          e.kind === 'notice' && e.text.startsWith('Who can get what is not in the job summary: the engine refused'),
      ),
      'an engine without the access reads: a notice, not a failure',
    );
  });

  it('ends the summary with who can get what', async () => {
    const runner = new FakeRunner(
      { mode: 'apply', url: 'http://engine.test', token: TOKEN, files: 'roles' },
      { GITHUB_WORKSPACE: workspace },
    );
    const engine = fakeEngine({
      'GET /v1/cloud/roles/deploy': {
        status: 200,
        body: { data: { credential_type: 'assumed_role', role_arns: ['arn:aws:iam::123456789012:role/deploy'] } },
      },
      'GET /v1/cloud/static-roles/backup': {
        status: 200,
        body: { name: 'backup', username: 'backup', rotation_period: '24h0m0s' },
      },
      'GET /v1/cloud/roles': { status: 200, body: { data: { keys: ['deploy'] } } },
      'GET /v1/cloud/static-roles': { status: 200, body: { data: { keys: ['backup'] } } },
      'GET /v1/sys/policies/acl': { status: 200, body: { data: { keys: ['default', 'ops', 'root'] } } },
      'GET /v1/sys/policies/acl/ops': {
        status: 200,
        body: { data: { name: 'ops', policy: 'path "cloud/static-creds/*" { capabilities = ["read"] }' } },
      },
      'GET /v1/sys/policies/acl/default': {
        status: 200,
        body: { data: { name: 'default', policy: 'path "auth/token/lookup-self" { capabilities = ["read"] }' } },
      },
      'GET /v1/auth/jwt/role': { status: 200, body: { data: { keys: ['ops'] } } },
      'GET /v1/auth/jwt/role/ops': {
        status: 200,
        body: {
          data: {
            role_type: 'jwt',
            user_claim: 'repository',
            bound_audiences: ['keyfob'],
            bound_claims_type: 'glob',
            bound_claims: { repository: 'octo/*' },
            token_policies: ['ops'],
          },
        },
      },
    });
    await run(runner, testDeps(engine.fetch, runner));
    assert.deepEqual(failed(runner), []);
    assert.match(runner.summary, /### keyfob: who can get what on the engine \(mount `cloud`\)/);
    assert.match(
      runner.summary,
      /^\| ops \| any repository of owner octo, any ref, environment or event \| default, ops \| – \| backup \(static-creds: read\), any other name \(\*\) \(static-creds: read\) \| – \| – \| ⚠️ JWT_TRUST_WHOLE_OWNER \|$/m,
    );
    assert.match(runner.summary, /^\| backup \| static credentials \| JWT role ops: any repository of owner octo/m);
  });

  it('refuses to apply files with errors', async () => {
    const runner = new FakeRunner(
      { mode: 'apply', url: 'http://engine.test', token: TOKEN, files: 'roles\nbad' },
      { GITHUB_WORKSPACE: workspace },
    );
    const engine = engineWith();
    await run(runner, testDeps(engine.fetch, runner));
    assert.equal(engine.requests.length, 0);
    assert.match(failed(runner)[0] ?? '', /nothing was applied/);
  });
});
