// `keyfob apply` of ACL policy files and JWT role files against a spawned `keyfob serve`: plan,
// dry run, apply, nothing left to do, an update, and prune (of the kinds the files declare only;
// the built-in policies never).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { engineCall as callEngine, startEngine, type EngineProcess } from '../../test/helpers/engine.ts';
import { runMain } from './capture-io.ts';

const POLICY = 'path "cloud/creds/deploy" {\n  capabilities = ["read"]\n}\n';
const JWT_ROLE = [
  'role_type: jwt',
  'user_claim: repository',
  'bound_audiences: [https://github.com/octo]',
  'bound_claims:',
  '  repository_id: "4242"',
  'token_policies: [deploy]',
  'token_ttl: 15m',
  '',
].join('\n');

describe('keyfob apply: policies and JWT roles', () => {
  let engine: EngineProcess;
  let dir = '';
  const run = (...args: string[]) =>
    runMain(['apply', ...args], dir, { KEYFOB_URL: engine.url, KEYFOB_TOKEN: engine.rootToken });
  const engineCall = (method: string, path: string, body?: unknown) => callEngine(engine, method, path, body);

  before(async () => {
    engine = await startEngine();
    dir = mkdtempSync(join(tmpdir(), 'keyfob-apply-access-'));
    writeFileSync(join(dir, 'deploy.policy.hcl'), POLICY);
    writeFileSync(join(dir, 'deploy.jwt-role.yaml'), JWT_ROLE);
  });
  after(async () => {
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('plans with --dry-run: the policy before the JWT role that names it, nothing written', async () => {
    const { code, out, err } = await run('.', '--dry-run');
    assert.equal(code, 0, err);
    assert.match(
      out,
      /^\+ {3}policy deploy \(policy\)\n\+ {3}jwt-role deploy \(bound_audiences, bound_claims, role_type, token_policies, token_ttl, user_claim\)\nplan: 2 to create/,
    );
    assert.equal((await engineCall('GET', 'sys/policies/acl/deploy')).status, 404);
    assert.equal((await engineCall('GET', 'auth/jwt/role/deploy')).status, 404);
  });

  it('applies, then finds nothing left to do', async () => {
    const first = await run('.');
    assert.equal(first.code, 0, first.err);
    assert.equal((await engineCall('GET', 'sys/policies/acl/deploy')).data?.policy, POLICY);
    const role = (await engineCall('GET', 'auth/jwt/role/deploy')).data;
    assert.deepEqual(
      [role?.role_type, role?.token_policies, role?.token_ttl, role?.bound_claims],
      ['jwt', ['deploy'], 900, { repository_id: ['4242'] }],
    );
    const second = await run('.', '--format', 'json');
    assert.equal(second.code, 0, second.err);
    const report = JSON.parse(second.out) as { changed: boolean; plan: { op: string; kind: string }[] };
    assert.deepEqual(
      report.plan.map((s) => `${s.op} ${s.kind}`),
      ['unchanged policy', 'unchanged jwt-role'],
    );
    assert.equal(report.changed, false);
  });

  it('updates a changed field, and clears one the file no longer sets', async () => {
    writeFileSync(join(dir, 'deploy.jwt-role.yaml'), JWT_ROLE.replace('token_ttl: 15m\n', 'token_max_ttl: 1h\n'));
    const { code, out, err } = await run('.');
    assert.equal(code, 0, err);
    assert.match(out, /~ {3}jwt-role deploy \(token_max_ttl, token_ttl\)/);
    const role = (await engineCall('GET', 'auth/jwt/role/deploy')).data;
    assert.deepEqual([role?.token_ttl, role?.token_max_ttl], [0, 3600]);
  });

  it('prunes policies and JWT roles no file declares, never root or default', async () => {
    assert.equal(
      (await engineCall('PUT', 'sys/policies/acl/stray', { policy: 'path "x" { capabilities = ["read"] }' })).status,
      204,
    );
    assert.equal(
      (await engineCall('POST', 'auth/jwt/role/stray', { role_type: 'jwt', user_claim: 'sub', bound_audiences: ['x'] }))
        .status,
      204,
    );
    const { code, out, err } = await run('.', '--prune');
    assert.equal(code, 0, err);
    assert.match(out, /^- {3}policy stray$/m);
    assert.match(out, /^- {3}jwt-role stray$/m);
    assert.doesNotMatch(out, /policy (root|default)/);
    assert.equal((await engineCall('GET', 'sys/policies/acl/stray')).status, 404);
    assert.equal((await engineCall('GET', 'auth/jwt/role/stray')).status, 404);
    assert.equal((await engineCall('GET', 'sys/policies/acl/default')).status, 200);
  });

  it('refuses a policy file with an error at its place, and applies nothing', async () => {
    writeFileSync(join(dir, 'broken.policy.hcl'), 'path "cloud/creds/x" {\n  capabilities = ["raed"]\n}\n');
    const { code, err } = await run('.');
    rmSync(join(dir, 'broken.policy.hcl'));
    assert.equal(code, 1);
    assert.match(err, /broken\.policy\.hcl:2:19 error POLICY_UNKNOWN_CAPABILITY /);
    assert.equal((await engineCall('GET', 'sys/policies/acl/broken')).status, 404);
  });
});
