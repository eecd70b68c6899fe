// What the Terraform corpus missed (test/fixtures/terraform-corpus README): a token policy written as
// a heredoc that also interpolates a variable without a default, and one from
// `data "vault_policy_document"`. A template is evaluated in part (the known text known, each
// unknown value unknown, never guessed), and a JWT role's token policy known in part grants only
// what it grants whatever the unknown values are.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintText, terraformContextOf } from '@keyfob/shared/lint';
import { readPartialPolicy, readingsFor } from '@keyfob/shared/policies';
import { readTerraformFile, readTerraformResources } from '@keyfob/shared/terraform';

function lint(files: Record<string, string>, fileName = 'main.tf') {
  const terraform = terraformContextOf({ names: Object.keys(files), read: (name) => files[name] });
  return lintText(files[fileName] ?? '', { fileName, terraform });
}
const codes = (result: { problems: readonly { code: string }[] }) => result.problems.map((p) => p.code).sort();

/** A Terraform Cloud JWT role whose token policy is vault_policy.main. */
const ROLE = `resource "vault_jwt_auth_backend_role" "r" {
  backend           = "jwt"
  role_name         = "r"
  role_type         = "jwt"
  user_claim        = "terraform_full_workspace"
  bound_audiences   = ["vault.workload.identity"]
  bound_claims_type = "glob"
  bound_claims      = { sub = "organization:acme:project:p:workspace:*:run_phase:*" }
  token_policies    = [vault_policy.main.name]
}
variable "mount" {
  type = string
}
variable "team" {
  default = "blue"
}
`;

const heredocPolicy = (...blocks: string[]) => `resource "vault_policy" "main" {
  name   = "demo"
  policy = <<-EOT
    ${blocks.join('\n').replaceAll('\n', '\n    ')}
  EOT
}
`;

const policyFile = (policy: string) => lint({ 'main.tf': ROLE, 'policy.tf': policy });

describe('a heredoc policy with an unknown value, evaluated in part', () => {
  const mint = 'path "auth/token/create" {\n  capabilities = ["update"]\n}';
  test('the known rules alone grant minting tokens: reported', () => {
    const result = policyFile(heredocPolicy(mint, 'path "${var.mount}/*" {\n  capabilities = ["read"]\n}'));
    assert.deepEqual(codes(result), ['JWT_TRUST_POLICY_REACHES_TRUST']);
    assert.match(result.problems[0]?.message ?? '', /auth\/token\/create \(whatever its unknown values are\)/);
  });

  test('an unknown rule that could deny or narrow the grant keeps it silent', () => {
    const cases: [string, string[]][] = [
      ['an unknown path that denies', [mint, 'path "${var.mount}" {\n  capabilities = ["deny"]\n}']],
      [
        'an unknown, more specific path under a glob grant',
        ['path "auth/*" {\n  capabilities = ["update"]\n}', 'path "auth/${var.mount}" {\n  capabilities = ["read"]\n}'],
      ],
      [
        'unknown capabilities on the granted path',
        [mint, 'path "auth/token/create" {\n  capabilities = ${var.mount}\n}'],
      ],
      ['an unknown value outside any rule', [mint, '${var.mount}']],
    ];
    for (const [name, blocks] of cases) assert.deepEqual(codes(policyFile(heredocPolicy(...blocks))), [], name);
  });

  test('a grant on an unknown path is not a grant on the trust paths (it may name any other path)', () => {
    // Was reported "whatever its unknown values are": the unknown rule was taken as matching.
    const grant = (path: string) => heredocPolicy(`path "${path}" {\n  capabilities = ["update"]\n}`);
    assert.deepEqual(codes(policyFile(grant('${var.mount}/data/app/*'))), []);
    assert.deepEqual(codes(policyFile(grant('auth/${var.mount}'))), []);
    // A known grant under it is still one.
    assert.deepEqual(codes(policyFile(grant('auth/*'))), ['JWT_TRUST_POLICY_REACHES_TRUST']);
  });

  test('an unknown path that cannot match (its known start differs) does not narrow a glob grant', () => {
    const result = policyFile(
      heredocPolicy(
        'path "auth/*" {\n  capabilities = ["update"]\n}',
        'path "secret/${var.mount}" {\n  capabilities = ["read"]\n}',
      ),
    );
    assert.deepEqual(codes(result), ['JWT_TRUST_POLICY_REACHES_TRUST']);
  });

  test('a heredoc whose interpolations are all known is known, with <<- indentation removed', () => {
    const text = heredocPolicy(
      'path "kv/${var.team}/*" {\n  capabilities = ["read"]\n}',
      '# $${not} %%{ a directive }',
    );
    const file = readTerraformFile('policy.tf', text);
    const [resource] = readTerraformResources(file, { files: [readTerraformFile('main.tf', ROLE), file] });
    assert.equal(
      resource?.value.policy,
      'path "kv/blue/*" {\n  capabilities = ["read"]\n}\n# ${not} %{ a directive }\n',
    );
  });

  test('readingsFor: a known policy is itself; an unknown path matches nothing, or the path asked exactly', () => {
    const partial = readPartialPolicy(['path "', { unknown: 'var.x' }, '" { capabilities = ["read"] }\n'], 'p');
    assert.ok(partial);
    assert.deepEqual(partial.rules, []);
    assert.deepEqual(
      readingsFor(partial, 'auth/token/create').map((reading) => reading.rules.map((r) => [r.path, r.capabilities])),
      [[], [['auth/token/create', ['read']]]],
    );
    const known = { name: 'k', rules: [] };
    assert.deepEqual(readingsFor(known, 'a'), [known]);
    assert.equal(readPartialPolicy(['path "a" { capabilities = ', { unknown: 'x' }, ' }'], 'p'), undefined);
  });
});

describe('data "vault_policy_document"', () => {
  const data = (rules: string) => `data "vault_policy_document" "doc" {
${rules}
}
resource "vault_policy" "main" {
  name   = "demo"
  policy = data.vault_policy_document.doc.hcl
}
`;
  test('is rendered as the Vault provider renders it', () => {
    const text = data(`  rule {
    path                = "auth/token/create"
    capabilities        = ["update"]
    description         = "child tokens"
    required_parameters = []
  }
  rule {
    path         = "kv/data/\${var.team}"
    capabilities = ["read", "list"]
    required_parameters = ["version"]
    allowed_parameter {
      key   = "version"
      value = ["1", "2"]
    }
    allowed_parameter {
      key   = "a"
      value = []
    }
    max_wrapping_ttl = "1h"
  }`);
    const file = readTerraformFile('policy.tf', text);
    const [resource] = readTerraformResources(file, { files: [readTerraformFile('main.tf', ROLE), file] });
    assert.equal(
      resource?.value.policy,
      [
        '# child tokens',
        'path "auth/token/create" {',
        '  capabilities = ["update"]',
        '}',
        '',
        'path "kv/data/blue" {',
        '  capabilities = ["read", "list"]',
        '  required_parameters = ["version"]',
        '  allowed_parameters = {',
        '    "a" = []',
        '    "version" = ["1", "2"]',
        '  }',
        '  max_wrapping_ttl = "1h"',
        '}',
        '',
      ].join('\n'),
    );
  });

  test('its policy reaches the trust: reported; with an unknown path beside, still (the grant holds whatever it is)', () => {
    const grant = '  rule {\n    path = "auth/token/create"\n    capabilities = ["update"]\n  }';
    assert.deepEqual(codes(policyFile(data(grant))), ['JWT_TRUST_POLICY_REACHES_TRUST']);
    const unknownPath =
      '  rule {\n    path = "${vault_mount.db.path}/*"\n    capabilities = ["read", "update"]\n    description = var.mount\n  }';
    assert.deepEqual(codes(policyFile(data(`${grant}\n${unknownPath}`))), ['JWT_TRUST_POLICY_REACHES_TRUST']);
    const denied = '  rule {\n    path = var.mount\n    capabilities = ["deny"]\n  }';
    assert.deepEqual(codes(policyFile(data(`${grant}\n${denied}`))), []);
    const dynamic =
      '  dynamic "rule" {\n    for_each = var.mount\n    content {\n      path = rule.value\n      capabilities = ["deny"]\n    }\n  }';
    assert.deepEqual(codes(policyFile(data(`${grant}\n${dynamic}`))), []);
  });

  test('one that reads credentials only is not reported; its text is linted as a policy', () => {
    assert.deepEqual(
      codes(policyFile(data('  rule {\n    path = "aws/creds/x"\n    capabilities = ["read"]\n  }'))),
      [],
    );
    const result = lint(
      { 'policy.tf': data('  rule {\n    path = "aws/creds/x"\n    capabilities = ["raed"]\n  }') },
      'policy.tf',
    );
    assert.ok(
      result.problems.some((p) => p.code.startsWith('POLICY_')),
      JSON.stringify(result.problems),
    );
  });
});
