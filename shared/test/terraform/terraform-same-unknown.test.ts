// Two unknown values known to be equal (held4 labels 360 and 363): a role's token policy that is
// another resource's name set to `var.project_name`, and the module's vault_policy named
// `var.project_name` too. Whatever the input is, the role's token policy is that policy; only the
// equality is used, never a guess of the value.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintText, terraformContextOf } from '@keyfob/shared/lint';

function lint(files: Record<string, string>) {
  const terraform = terraformContextOf({ names: Object.keys(files), read: (name) => files[name] });
  return lintText(files['vault.tf'] ?? '', { fileName: 'vault.tf', terraform });
}
const reaching = (result: { problems: readonly { code: string; path?: string }[] }) =>
  result.problems.filter((p) => p.code === 'JWT_TRUST_POLICY_REACHES_TRUST').map((p) => p.path);

const policy = (name: string) => `resource "vault_policy" "p" {
  name = ${name}
  policy = <<EOT
path "auth/token/create" {
  capabilities = ["update"]
}
path "aws/creds/\${var.project_name}" {
  capabilities = ["read"]
}
EOT
}
`;
const role = (tokenPolicy: string) => `resource "vault_jwt_auth_backend_role" "r" {
  backend        = "gitlab"
  role_name      = gitlab_project.app.name
  token_policies = [${tokenPolicy}]
  bound_claims   = { project_id = gitlab_project.app.id }
  user_claim     = "user_email"
  role_type      = "jwt"
}
`;
const project = 'resource "gitlab_project" "app" {\n  name = var.project_name\n}\n';

describe('an unknown name known to be the same as a policy of the module', () => {
  test("the project's name and the policy's name are the same variable: the policy is the role's", () => {
    const files = {
      'vault.tf': policy('var.project_name') + role('gitlab_project.app.name'),
      'gitlab.tf': project,
      'variables.tf': 'variable "project_name" {}\nvariable "other" {}\n',
    };
    assert.deepEqual(reaching(lint(files)), ['/token_policies/0']);
  });

  test('the variable itself, through a local', () => {
    const files = {
      'vault.tf': policy('local.name') + role('var.project_name'),
      'locals.tf': 'locals {\n  name = var.project_name\n}\n',
      'variables.tf': 'variable "project_name" {}\n',
    };
    assert.deepEqual(reaching(lint(files)), ['/token_policies/0']);
  });

  test('another variable is not the same value: no guess', () => {
    const files = {
      'vault.tf': policy('var.other') + role('gitlab_project.app.name'),
      'gitlab.tf': project,
      'variables.tf': 'variable "project_name" {}\nvariable "other" {}\n',
    };
    assert.deepEqual(reaching(lint(files)), []);
  });

  test('a part of the variable (var.x.name) is not the variable', () => {
    const files = {
      'vault.tf': policy('var.project_name') + role('var.project_name.name'),
      'variables.tf': 'variable "project_name" {}\n',
    };
    assert.deepEqual(reaching(lint(files)), []);
  });
});
