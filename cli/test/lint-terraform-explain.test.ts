// keyfob lint --explain on Terraform: what was not checked, and why; a JWT role's value known in
// part says that its known part was checked (the trust rules read it), the rest that it was not.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runKeyfob } from './run-keyfob.ts';
import { scratchProjects } from './scratch-project.ts';

const project = scratchProjects('keyfob-tf-explain-');

const MAIN = `resource "vault_jwt_auth_backend" "github" {
  path         = "jwt"
  bound_issuer = "https://token.actions.githubusercontent.com"
}

resource "vault_jwt_auth_backend_role" "demo" {
  backend         = vault_jwt_auth_backend.github.path
  role_name       = "demo"
  role_type       = "jwt"
  user_claim      = "workflow"
  token_policies  = ["default"]
  bound_claims    = { sub = "repo:\${data.github_repository.app.full_name}:ref:refs/*" }
  bound_audiences = ["https://github.com/\${data.github_user.current.login}"]
  token_ttl       = var.ttl
}

variable "ttl" {
  type = number
}
`;

describe('keyfob lint --explain on a Terraform folder', () => {
  test('lists each unknown attribute at its line: known in part and checked there, or not checked', async () => {
    const root = project('explain', { 'main.tf': MAIN, '.git/HEAD': '' });
    const run = await runKeyfob(['lint', '--explain', '.'], {}, root);
    assert.equal(run.status, 1, run.stderr);
    assert.match(
      run.stdout,
      /main\.tf:12:\d+ error JWT_TRUST_LITERAL_GLOB bound_claims\.sub "repo:\$\{…\}:ref:refs\/\*"/,
    );
    const lines = run.stderr.trim().split('\n').sort();
    assert.deepEqual(lines, [
      'main.tf:12:21 vault_jwt_auth_backend_role.demo.bound_claims known in part, only its known part checked: data.github_repository.app.full_name is only known when Terraform runs',
      'main.tf:13:21 vault_jwt_auth_backend_role.demo.bound_audiences known in part, only its known part checked: data.github_user.current.login is only known when Terraform runs',
      'main.tf:14:21 vault_jwt_auth_backend_role.demo.token_ttl not checked: var.ttl has no default (its value comes from outside)',
    ]);
  });
});
