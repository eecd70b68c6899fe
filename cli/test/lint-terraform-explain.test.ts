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

  test("a folder's terraform.tfvars is named as not read; an IAM policy known in part is checked in part", async () => {
    const iam = `variable "bucket" {}
resource "vault_aws_secret_backend_role" "r" {
  name            = "r"
  credential_type = "iam_user"
  policy_document = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "s3:GetObject", Resource = var.bucket }]
  })
}
`;
    const root = project('tfvars', {
      'infra/main.tf': iam,
      'infra/terraform.tfvars': 'bucket = "arn:aws:s3:::b"\n',
      'infra/dev.auto.tfvars': 'bucket = "arn:aws:s3:::d"\n',
      '.git/HEAD': '',
    });
    const run = await runKeyfob(['lint', '--explain', '.'], {}, root);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.stderr.trim().split('\n').sort(), [
      "infra/dev.auto.tfvars not read: keyfob reads each variable's default only; what it sets (like -var and TF_VAR_) is unknown here",
      'infra/main.tf:5:21 vault_aws_secret_backend_role.r.policy_document known in part, only its known part checked: var.bucket has no default (its value comes from outside)',
      "infra/terraform.tfvars not read: keyfob reads each variable's default only; what it sets (like -var and TF_VAR_) is unknown here",
    ]);
  });
});
