// What the fourth held-aside Terraform collection (test/fixtures/terraform-corpus, part held4) showed
// keyfob missed, each as a case of its kind: a policy text known in part whose known path decides a
// rule, and a JWT role whose token policy and a module's vault_policy are named by the same value.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintText, terraformContextOf } from '@keyfob/shared/lint';

function lint(files: Record<string, string>, fileName = 'main.tf') {
  const terraform = terraformContextOf({ names: Object.keys(files), read: (name) => files[name] });
  return lintText(files[fileName] ?? '', { fileName, terraform });
}

const policy = (path: string) =>
  [
    'resource "vault_policy" "p" {',
    '  name = "p"',
    '  policy = <<-EOT',
    '    # apps',
    `    path "${path}" {`,
    '      capabilities = ["read"]',
    '    }',
    '  EOT',
    '}',
    '',
  ].join('\n');

describe('a policy text known in part: what its known text decides', () => {
  test('a * inside the known part of a path after an unknown mount is reported at its line', () => {
    const problems = lint({ 'main.tf': policy('${vault_mount.kv.path}/data/apps/*/config') }).problems;
    assert.deepEqual(
      problems.map((p) => [p.code, p.range?.startLine]),
      [['POLICY_GLOB_INNER_STAR', 5]],
    );
  });
  test('a * the unknown part may end the path with is not', () => {
    assert.deepEqual(lint({ 'main.tf': policy('kv/data/apps/*${var.rest}') }).problems, []);
  });
  test('a trailing * after an unknown mount is not', () => {
    assert.deepEqual(lint({ 'main.tf': policy('${vault_mount.kv.path}/data/apps/*') }).problems, []);
  });
  test('an unknown value outside path rules leaves the policy unread', () => {
    const text = policy('kv/a/*/b').replace('# apps', '${var.more_rules}');
    assert.deepEqual(lint({ 'main.tf': text }).problems, []);
  });
});

describe('a key written twice in a map of a resource', () => {
  const role = (claims: string) =>
    [
      'resource "vault_jwt_auth_backend_role" "r" {',
      '  backend = "jwt"',
      '  role_name = "r"',
      '  role_type = "jwt"',
      '  user_claim = "sub"',
      '  bound_audiences = ["https://gitlab.example"]',
      '  bound_claims = { project_id = "2" }',
      `  claim_mappings = ${claims}`,
      '}',
      '',
    ].join('\n');
  test('is DOC_DUPLICATE_KEY on the later key, as in a YAML file (Terraform keeps the last value)', () => {
    const problems = lint({
      'main.tf': role('{\n    "project_id" = "project_id"\n    ref = "ref"\n    project_id = "p"\n  }'),
    }).problems;
    assert.deepEqual(
      problems.map((p) => [p.code, p.range?.startLine]),
      [['DOC_DUPLICATE_KEY', 11]],
    );
  });
  test('distinct keys are not', () => {
    assert.deepEqual(lint({ 'main.tf': role('{ project_id = "project_id", ref = "ref" }') }).problems, []);
  });
});
