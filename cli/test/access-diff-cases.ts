// The realistic set of files of the keyfob access diff tests (roles, a manifest, policies, JWT roles,
// workflows) and, per kind of change, the files that make it, what the diff must hold and the
// --fail-on values that name it and do not: shared by the commit-vs-files and the engine tests.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AccessChange } from '@keyfob/shared/access';
import { octoAppRole } from './octo-app-role.ts';

const BASE: Record<string, string> = {
  'keyfob/roles/deploy.role.yaml':
    'credential_type: assumed_role\nrole_arns: [arn:aws:iam::123456789012:role/deploy]\ndefault_sts_ttl: 15m\nmax_sts_ttl: 1h\n',
  'keyfob/roles/reports.role.yaml': [
    'credential_type: iam_user',
    'policy_document: |',
    '  {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": ["s3:GetObject"], "Resource": "arn:aws:s3:::reports/*"}]}',
    '',
  ].join('\n'),
  'keyfob/roles/audit.role.yaml':
    'credential_type: iam_user\npolicy_document: \'{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"iam:ListUsers","Resource":"*"}]}\'\n',
  'keyfob/access/deploy.policy.hcl':
    'path "cloud/sts/deploy" {\n  capabilities = ["read", "update"]\n}\n\npath "cloud/creds/reports" {\n  capabilities = ["read"]\n}\n',
  'keyfob/access/audit.policy.hcl': 'path "cloud/creds/audit" {\n  capabilities = ["read"]\n}\n',
  'keyfob/access/gh-deploy.jwt-role.yaml': octoAppRole('deploy', ['token_ttl: 15m']),
  'keyfob/access/gh-audit.jwt-role.yaml': [
    'role_type: jwt',
    'user_claim: repository',
    'bound_audiences: [https://github.com/octo]',
    'bound_claims:',
    '  sub: repo:octo/audit:environment:prod',
    "  repository_id: '4243'",
    'token_policies: [audit]',
    '',
  ].join('\n'),
  '.github/workflows/deploy.yml':
    'on: push\njobs:\n  d:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: octo/keyfob@v1\n        with:\n          jwt-audience: https://github.com/octo\n',
};

/** One kind of change: the files it rewrites, what the diff must hold, and the --fail-on that names it. */
export interface Case {
  readonly name: string;
  readonly files: Record<string, string>;
  readonly expected: (changes: readonly AccessChange[]) => void;
  readonly failOn: string;
  readonly notFailOn: string;
}

const replace = (file: string, from: string, to: string): Record<string, string> => ({
  [file]: (BASE[file] ?? '').replace(from, to),
});

export const CASES: readonly Case[] = [
  {
    name: 'a branch more can log in (new login, at the sub binding)',
    files: replace(
      'keyfob/access/gh-deploy.jwt-role.yaml',
      '  sub: repo:octo/app:ref:refs/heads/main\n',
      '  sub:\n    - repo:octo/app:ref:refs/heads/main\n    - repo:octo/app:ref:refs/heads/release\n',
    ),
    expected: (changes) => {
      const login = changes.find((c) => c.kind === 'login');
      assert.equal(changes.length, 1, JSON.stringify(changes));
      assert.equal(login?.change, 'gained');
      assert.match(login?.text ?? '', /^JWT role gh-deploy: octo\/app, branch release/);
      assert.deepEqual(login?.login?.ref.anyOf, ['refs/heads/release']);
      assert.deepEqual(login?.source, { file: 'keyfob/access/gh-deploy.jwt-role.yaml', line: 7 });
    },
    failOn: 'new-login',
    notFailOn: 'new-action,wider-ttl',
  },
  {
    name: 's3:* added to a role: the actions it adds, at policy_document',
    files: replace('keyfob/roles/reports.role.yaml', '"Action": ["s3:GetObject"]', '"Action": ["s3:*"]'),
    expected: (changes) => {
      const gained = changes.filter((c) => c.kind === 'action' && c.change === 'gained');
      assert.equal(gained.length, 1, JSON.stringify(changes.map((c) => c.text)));
      const actions = gained[0]?.actions ?? [];
      assert.ok(actions.includes('s3:PutObject') && actions.includes('s3:DeleteBucket'), actions.slice(0, 5).join());
      assert.ok(!actions.includes('s3:GetObject'), 'GetObject was allowed before');
      assert.ok(actions.length > 100, `${actions.length} s3 actions`);
      assert.equal(gained[0]?.resource, 'arn:aws:s3:::reports/*');
      assert.deepEqual(gained[0]?.source, { file: 'keyfob/roles/reports.role.yaml', line: 2 });
      assert.ok(changes.every((c) => c.change === 'gained'));
    },
    failOn: 'new-action',
    notFailOn: 'new-login,wider-ttl',
  },
  {
    name: 'a policy grants a login token another role (new capability, at the rule)',
    files: {
      'keyfob/access/audit.policy.hcl': `${BASE['keyfob/access/audit.policy.hcl'] ?? ''}\npath "cloud/creds/reports" {\n  capabilities = ["read", "update"]\n}\n`,
    },
    expected: (changes) => {
      const capability = changes.find((c) => c.kind === 'capability');
      assert.equal(capability?.role, 'gh-audit');
      assert.equal(capability?.path, 'cloud/creds/reports');
      assert.deepEqual(capability?.capabilities, ['read', 'update']);
      assert.deepEqual(capability?.source, { file: 'keyfob/access/audit.policy.hcl', line: 5 });
    },
    failOn: 'new-action',
    notFailOn: 'new-login,wider-ttl',
  },
  {
    name: 'longer token and STS lifetimes',
    files: {
      ...replace('keyfob/access/gh-deploy.jwt-role.yaml', 'token_ttl: 15m', 'token_ttl: 2h'),
      ...replace('keyfob/roles/deploy.role.yaml', 'max_sts_ttl: 1h', 'max_sts_ttl: 12h'),
    },
    expected: (changes) => {
      assert.deepEqual(
        changes.map((c) => [c.kind, c.change, c.role, c.field, c.before, c.after, c.source?.line]),
        [
          ['ttl', 'gained', 'gh-deploy', 'token_ttl', 900, 7200, 7],
          ['ttl', 'gained', 'deploy', 'max_sts_ttl', 3600, 43200, 4],
        ],
      );
    },
    failOn: 'wider-ttl',
    notFailOn: 'new-login,new-action',
  },
  {
    name: 'a JWT role removed: its logins and capabilities are lost (only any fails)',
    files: { 'keyfob/access/gh-audit.jwt-role.yaml': '' },
    expected: (changes) => {
      assert.ok(changes.length > 0);
      assert.ok(changes.every((c) => c.change === 'removed' && c.role === 'gh-audit'));
      assert.ok(changes.some((c) => c.kind === 'login' && c.source?.file === 'keyfob/access/gh-audit.jwt-role.yaml'));
    },
    failOn: 'any',
    notFailOn: 'new-login,new-action,wider-ttl',
  },
];

/** A git repository in a new temporary folder whose one commit (on main) holds BASE. */
export function baseRepository(): { readonly repo: string; readonly git: (...args: string[]) => string } {
  const repo = mkdtempSync(join(tmpdir(), 'keyfob-access-diff-'));
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  writeFiles(repo, BASE);
  git('add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'base');
  return { repo, git };
}

/** Writes files under `root` (an empty text deletes the file). */
export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    const path = join(root, file);
    if (text === '') rmSync(path, { force: true });
    else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
  }
}
