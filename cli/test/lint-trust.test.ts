// `keyfob lint` on JWT role and policy files, spawned as users run it: the trust rules that need the
// workspace read its .github/workflows and the policy files beside the role.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { octoAppRole } from './octo-app-role.ts';
import { scratchProjects } from './scratch-project.ts';

const keyfob = fileURLToPath(new URL('../bin/keyfob.cjs', import.meta.url));
const project = scratchProjects('keyfob-lint-trust-');

const ROLE = octoAppRole('deploy');
const DEPLOY = 'path "cloud/creds/deploy" {\n  capabilities = ["read"]\n}\n';
const flow = (on: string, audience: string): string =>
  `on: ${on}\njobs:\n  d:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: octo/keyfob@v1\n        with:\n          jwt-audience: ${audience}\n`;

interface Found {
  code: string;
  file: string;
  line: number;
  column: number;
}

function lint(cwd: string, ...args: string[]): { status: number | null; problems: Found[] } {
  const run = spawnSync(process.execPath, [keyfob, 'lint', '--format', 'json', ...args], { cwd, encoding: 'utf8' });
  assert.ok(run.status === 0 || run.status === 1, run.stderr);
  return { status: run.status, problems: (JSON.parse(run.stdout) as { problems: Found[] }).problems };
}

const codes = (problems: readonly Found[]): string[] =>
  problems.map((p) => `${p.code} ${p.file}:${p.line}:${p.column}`);

describe('keyfob lint: JWT roles against the workspace', () => {
  it('a role matching its push workflow and a credential-only policy is clean', () => {
    const root = project('clean', {
      'auth/deploy.jwt-role.yaml': ROLE,
      'auth/deploy.policy.hcl': DEPLOY,
      '.github/workflows/deploy.yml': flow('push', 'https://github.com/octo'),
      '.git/HEAD': 'ref: refs/heads/main\n',
    });
    const { status, problems } = lint(root, 'auth');
    assert.deepEqual(codes(problems), []);
    assert.equal(status, 0);
  });

  it('reads the workflows: another audience and a pull_request trigger, from a sub-folder', () => {
    const root = project('workflows', {
      'auth/deploy.jwt-role.yaml': ROLE,
      'auth/deploy.policy.hcl': DEPLOY,
      '.github/workflows/pr.yml': flow('[pull_request]', 'sigstore'),
      '.git/HEAD': 'ref: refs/heads/main\n',
    });
    const { status, problems } = lint(join(root, 'auth'), '.');
    assert.deepEqual(codes(problems), [
      'JWT_TRUST_AUDIENCE_MISMATCH deploy.jwt-role.yaml:3:18',
      'JWT_TRUST_BRANCH_SUB_PULL_REQUEST deploy.jwt-role.yaml:5:8',
    ]);
    assert.equal(status, 0, 'warnings only');
  });

  it('reads the policies beside the role: one granting auth/* is an error on its name', () => {
    const root = project('policies', {
      'auth/deploy.jwt-role.yaml': ROLE.replace('[deploy]', '[deploy, admin]'),
      'auth/deploy.policy.hcl': DEPLOY,
      'auth/admin.policy.json': '{"path": {"auth/*": {"capabilities": ["update"]}}}\n',
      '.git/HEAD': 'ref: refs/heads/main\n',
    });
    const { status, problems } = lint(root, 'auth');
    assert.deepEqual(codes(problems), ['JWT_TRUST_POLICY_REACHES_TRUST auth/deploy.jwt-role.yaml:7:26']);
    assert.equal(status, 1);
  });

  it('policies in their JSON form are read without the HCL parser, and HCL in a .policy.json still with it', () => {
    const files = {
      'auth/deploy.jwt-role.yaml': ROLE.replace('[deploy]', '[deploy, admin]'),
      'auth/deploy.policy.json': '{"path": {"cloud/creds/deploy": {"capabilities": ["read"]}}}\n',
      '.git/HEAD': 'ref: refs/heads/main\n',
    };
    const json = project('json-policies', {
      ...files,
      'auth/admin.policy.json': '{"path": {"auth/*": {"capabilities": ["update"]}}}\n',
    });
    assert.deepEqual(codes(lint(json, 'auth').problems), [
      'JWT_TRUST_POLICY_REACHES_TRUST auth/deploy.jwt-role.yaml:7:26',
    ]);
    const hcl = project('hcl-in-json', {
      ...files,
      'auth/admin.policy.json': 'path "auth/*" {\n  capabilities = ["update"]\n}\n',
    });
    assert.deepEqual(codes(lint(hcl, 'auth').problems), [
      'DOC_JSON_SYNTAX auth/admin.policy.json:1:1',
      'JWT_TRUST_POLICY_REACHES_TRUST auth/deploy.jwt-role.yaml:7:26',
    ]);
  });

  it('without a workspace around it, the workflow rules stay silent', () => {
    const root = project('alone', { 'deploy.jwt-role.yaml': ROLE, '.git/HEAD': 'ref: refs/heads/main\n' });
    assert.deepEqual(codes(lint(root, '.').problems), []);
  });
});
