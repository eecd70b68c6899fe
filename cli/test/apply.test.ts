import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../test/helpers/engine.ts';
import { runMain } from './capture-io.ts';

const ROLE_ARN = 'arn:aws:iam::123456789012:role/deploy';

describe('keyfob apply', () => {
  let engine: EngineProcess;
  let dir = '';
  const run = (...args: string[]) =>
    runMain(['apply', ...args], dir, { KEYFOB_URL: engine.url, KEYFOB_TOKEN: engine.rootToken });
  const engineGet = async (path: string) => {
    const answer = await fetch(`${engine.url}/v1/${path}`, { headers: { 'X-Service-Token': engine.rootToken } });
    return {
      status: answer.status,
      body:
        answer.status === 200
          ? ((await answer.json()) as { data?: Record<string, unknown> } & Record<string, unknown>)
          : undefined,
    };
  };

  before(async () => {
    engine = await startEngine();
    const fixtures = await fetch(`${engine.url}/v1/sys/dev/cloud`, {
      method: 'PUT',
      headers: { 'X-Service-Token': engine.rootToken, 'content-type': 'application/json' },
      body: JSON.stringify({ users: [{ name: 'backup', accessKeys: 0 }], roles: [{ arn: ROLE_ARN }] }),
    });
    assert.equal(fixtures.status, 200);
    dir = mkdtempSync(join(tmpdir(), 'keyfob-apply-'));
    writeFileSync(
      join(dir, 'deploy.role.yaml'),
      `credential_type: assumed_role\nrole_arns: ${ROLE_ARN}\ndefault_sts_ttl: 15m\n`,
    );
    writeFileSync(join(dir, 'backup.static-role.yaml'), 'username: backup\nrotation_period: 24h\n');
  });
  after(async () => {
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('plans with --dry-run and changes nothing', async () => {
    const { code, out } = await run('.', '--dry-run');
    assert.equal(code, 0);
    assert.match(
      out,
      /^\+ {3}role deploy \(credential_type, role_arns, default_sts_ttl\)\n\+ {3}static-role backup \(username, rotation_period\)\nplan: 2 to create/,
    );
    assert.equal((await engineGet('cloud/roles/deploy')).status, 404);
  });

  it('takes an absolute folder as CI scripts give it ("$GITHUB_WORKSPACE/roles")', async () => {
    const { code, out, err } = await run(dir, '--dry-run');
    assert.equal(code, 0, err);
    assert.match(out, /^\+ {3}role deploy /m);
  });

  it('applies, then finds nothing left to do', async () => {
    const first = await run('.');
    assert.equal(first.code, 0, first.err);
    assert.equal((await engineGet('cloud/roles/deploy')).status, 200);
    assert.equal((await engineGet('cloud/static-roles/backup')).status, 200);
    const second = await run('.', '--format', 'json');
    assert.equal(second.code, 0, second.err);
    const report = JSON.parse(second.out) as { changed: boolean; plan: { op: string }[] };
    assert.equal(report.changed, false);
    assert.deepEqual(
      report.plan.map((s) => s.op),
      ['unchanged', 'unchanged'],
    );
  });

  it('updates a changed field and prunes what no file declares', async () => {
    await fetch(`${engine.url}/v1/cloud/roles/stray`, {
      method: 'POST',
      headers: { 'X-Service-Token': engine.rootToken, 'content-type': 'application/json' },
      body: JSON.stringify({ credential_type: 'session_token' }),
    });
    writeFileSync(
      join(dir, 'deploy.role.yaml'),
      `credential_type: assumed_role\nrole_arns: ${ROLE_ARN}\ndefault_sts_ttl: 30m\n`,
    );
    const { code, out, err } = await run('.', '--prune');
    assert.equal(code, 0, err);
    assert.match(out, /~ {3}role deploy \(default_sts_ttl\)/);
    assert.match(out, /- {3}role stray/);
    assert.equal((await engineGet('cloud/roles/stray')).status, 404);
    assert.equal((await engineGet('cloud/roles/deploy')).body?.data?.default_sts_ttl, 1800);
  });

  it('refuses files with errors, naming file, line and code', async () => {
    writeFileSync(join(dir, 'broken.role.yaml'), '# broken\ncredential_type: iam_user\n');
    const { code, err } = await run('.');
    rmSync(join(dir, 'broken.role.yaml'));
    assert.equal(code, 1);
    assert.match(err, /broken\.role\.yaml:2:\d+ error ROLE_[A-Z_]+ /);
    assert.match(err, /nothing was applied/);
  });

  it('is a usage error without paths', async () => {
    assert.equal((await run()).code, 2);
  });
});
