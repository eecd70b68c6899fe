// keyfob lint on a repository of Terraform modules: a relative path given to file() without
// path.module is read as Terraform reads it, from its working directory, the folder of the root
// module that calls the module (module blocks whose local source reaches it, transitively), and a
// path built on path.module may climb out of the module folder, never out of the linted tree.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runKeyfob } from './run-keyfob.ts';
import { scratchProjects } from './scratch-project.ts';

const project = scratchProjects('keyfob-tf-root-files-');

/** A policy that lets its tokens write JWT roles: JWT_TRUST_POLICY_REACHES_TRUST when a role's token policy. */
const WIDE = 'path "auth/jwt/role/*" {\n  capabilities = ["create", "update"]\n}\n';
const NARROW = 'path "secret/data/app/*" {\n  capabilities = ["read"]\n}\n';

/** A module whose policy is `file(<path>)` and whose OIDC role has it as token policy. */
function usersModule(path: string): string {
  return `resource "vault_policy" "admins" {
  name   = "admins"
  policy = file(${path})
}

resource "vault_jwt_auth_backend_role" "admins" {
  backend        = var.oidc_path
  role_name      = "admins"
  role_type      = "jwt"
  user_claim     = "sub"
  bound_audiences = ["vault"]
  bound_claims   = { groups = "admins" }
  token_policies = ["admins"]
}

variable "oidc_path" {
  type = string
}
`;
}

const caller = (name: string, source: string): string =>
  `module "${name}" {\n  source    = "${source}"\n  oidc_path = "oidc"\n}\n`;

const reachesTrust = (stdout: string): string[] =>
  stdout.split('\n').filter((l) => l.includes('JWT_TRUST_POLICY_REACHES_TRUST'));

/** keyfob lint --explain in a scratch repository: its lines of JWT_TRUST_POLICY_REACHES_TRUST, and stdout and stderr. */
async function lintRepository(name: string, files: Record<string, string>, cwd = '') {
  const root = project(name, { '.git/HEAD': '', ...files });
  const run = await runKeyfob(['lint', '--explain', '--format', 'text', '.'], {}, cwd ? `${root}/${cwd}` : root);
  return { reaches: reachesTrust(run.stdout), output: run.stdout + run.stderr, stderr: run.stderr };
}

describe('keyfob lint: file() paths as Terraform resolves them', () => {
  test('a path without path.module is read from the root module that calls the module', async () => {
    const root = project('root-relative', {
      '.git/HEAD': '',
      'access/main.tf': caller('admins', './modules/users/admins'),
      'access/modules/users/admins/main.tf': usersModule('"modules/users/admins/policy.hcl"'),
      'access/modules/users/admins/policy.hcl': WIDE,
    });
    const run = await runKeyfob(['lint', '--format', 'text', '.'], {}, root);
    assert.equal(run.status, 1, run.stdout + run.stderr);
    assert.deepEqual(
      reachesTrust(run.stdout).map((l) => l.split(' ')[0]),
      ['access/modules/users/admins/main.tf:13:21'],
      run.stdout,
    );
  });

  test('through a chain of callers: the root is the one nothing calls', async () => {
    const { reaches, output } = await lintRepository('chain', {
      'live/main.tf': caller('access', '../stacks/access'),
      'stacks/access/main.tf': caller('admins', '../../modules/admins'),
      'modules/admins/main.tf': usersModule('"policies/admins.hcl"'),
      'live/policies/admins.hcl': WIDE,
      // the module's own folder is not where Terraform reads it from
      'modules/admins/policies/admins.hcl': NARROW,
    });
    assert.equal(reaches.length, 1, output);
  });

  test('a module nothing calls is a root: its own folder', async () => {
    const { reaches, output } = await lintRepository('own-root', {
      'main.tf': usersModule('"policies/admins.hcl"'),
      'policies/admins.hcl': WIDE,
    });
    assert.equal(reaches.length, 1, output);
  });

  test('two roots that read different files: not known, no problem and --explain says why', async () => {
    const { reaches, output, stderr } = await lintRepository('two-roots', {
      'dev/main.tf': caller('admins', '../modules/admins'),
      'prod/main.tf': caller('admins', '../modules/admins'),
      'modules/admins/main.tf': usersModule('"admins.hcl"'),
      'dev/admins.hcl': WIDE,
      'prod/admins.hcl': NARROW,
    });
    assert.deepEqual(reaches, [], output);
    assert.match(stderr, /file\("admins\.hcl"\) reads another file from each root module that calls this module/);
  });

  test('${path.module}/../.. reads inside the linted tree, never above it', async () => {
    const { reaches, output, stderr } = await lintRepository(
      'above',
      {
        'repo/modules/workspace/vault.tf': usersModule('"${path.module}/../../policies/admins.hcl"'),
        'repo/policies/admins.hcl': WIDE,
        'repo/modules/other/vault.tf': usersModule('"${path.module}/../../../outside.hcl"'),
        'outside.hcl': WIDE,
      },
      'repo',
    );
    assert.deepEqual(
      reaches.map((l) => l.split(':')[0]),
      ['modules/workspace/vault.tf'],
      output,
    );
    assert.match(stderr, /modules\/other\/vault\.tf.*could not be read/);
  });
});
