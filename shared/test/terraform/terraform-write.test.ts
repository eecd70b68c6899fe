// The Terraform writer (keyfob import --format terraform) through the one mapping table: every
// attribute of every resource type written from an engine value and read back by the Terraform
// reader to the same value, with strings that need escaping (quotes, backslashes, `${`, `%{`, line
// breaks, control characters), policies as heredocs (a marker that is a line of the text is not
// used) or quoted strings, bound_claims with commas, and labels for names that are not identifiers.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  readTerraformFile,
  readTerraformResources,
  renderTerraformResource,
  TERRAFORM_RESOURCES,
  TerraformExpression,
  terraformLabel,
  type TerraformShape,
} from '@keyfob/shared/terraform';

const NASTY = 'say "hi" \\ ${var.x} %{ if true } $${y} \t tab\nline two\u0001';

/** An engine value of each shape (as the engine holds it: seconds as numbers, claims as lists). */
const VALUES: Readonly<Record<TerraformShape, unknown>> = {
  string: NASTY,
  bool: true,
  number: 7,
  seconds: 5400,
  list: ['a', NASTY, ''],
  map: { team: NASTY, 'key with "quote"': 'v', '${k}': '%{v}' },
  claims: { repository_id: ['4242'], ref: ['refs/heads/main', 'refs/heads/release'], '/nested/claim': ['x'] },
  'policy-json': JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['s3:GetObject'],
        Resource: 'arn:aws:s3:::b/${aws:username}/*',
        Condition: { StringEquals: { 'aws:PrincipalTag/note': NASTY } },
      },
    ],
  }),
  'policy-hcl':
    '# ${not} %{ terraform }\npath "cloud/creds/{{identity.entity.name}}" {\n  capabilities = ["read"]\n}\n',
};

/** Reads the resources of one rendered file back (a module of that file alone). */
function readBack(text: string) {
  const file = readTerraformFile('main.tf', text);
  assert.equal(file.error, undefined, `${file.error?.message}\n${text}`);
  return readTerraformResources(file, { files: [file] });
}

describe('renderTerraformResource reads back through the mapping table', () => {
  for (const type of TERRAFORM_RESOURCES) {
    test(`${type.type}: every engine field`, () => {
      const fields: Record<string, unknown> = {};
      for (const attribute of type.attributes)
        if (attribute.field !== undefined) fields[attribute.field] = VALUES[attribute.shape];
      const { text, leftOut } = renderTerraformResource(type.type, 'x', fields, { backend: 'cloud' });
      assert.deepEqual(leftOut, []);
      const [read] = readBack(text);
      assert.ok(read);
      assert.deepEqual(read.unknown, [], text);
      const expected = { ...fields };
      for (const attribute of type.attributes) {
        if (attribute.field === undefined) continue;
        if (attribute.shape === 'policy-json') expected[attribute.field] = JSON.parse(String(fields[attribute.field]));
        // The reader keeps a claim of one value as that value (the engine reads it as a list of one).
        if (attribute.shape === 'claims')
          expected[attribute.field] = Object.fromEntries(
            Object.entries(VALUES.claims as Record<string, string[]>).map(([k, v]) => [k, v.length === 1 ? v[0] : v]),
          );
      }
      assert.deepEqual(read.value, expected, text);
      assert.deepEqual(
        read.provider.get('backend'),
        type.attributes.some((a) => a.attribute === 'backend') ? { known: true, value: 'cloud' } : undefined,
      );
    });
  }

  test('a policy without a final line break is a quoted string; a heredoc marker that is a line of the text is not used', () => {
    for (const policy of [
      'path "a" { capabilities = ["read"] }',
      'path "a" {\n  capabilities = ["read"]\n}\n  EOT\nEOT2\n',
    ]) {
      const { text } = renderTerraformResource('vault_policy', 'p', { name: 'p', policy });
      assert.equal(readBack(text)[0]?.value.policy, policy, text);
    }
    assert.match(
      renderTerraformResource('vault_policy', 'p', { name: 'p', policy: 'x\n  EOT\nEOT2\n' }).text,
      /<<EOT3\n/,
    );
  });

  test('bound_claims: a value with a comma alone in its claim turns parsing off; beside other values it is left out', () => {
    const single = renderTerraformResource('vault_jwt_auth_backend_role', 'r', {
      name: 'r',
      bound_claims: { workflow: ['deploy, prod'], ref: ['refs/heads/main'] },
    });
    assert.match(single.text, /disable_bound_claims_parsing = true/);
    assert.deepEqual(readBack(single.text)[0]?.value.bound_claims, {
      workflow: 'deploy, prod',
      ref: 'refs/heads/main',
    });
    const impossible = renderTerraformResource('vault_jwt_auth_backend_role', 'r', {
      name: 'r',
      bound_claims: { workflow: ['deploy, prod', 'other'] },
    });
    assert.doesNotMatch(impossible.text, /bound_claims/);
    assert.deepEqual(
      impossible.leftOut.map((l) => l.field),
      ['bound_claims'],
    );
  });

  test('fields the type has no attribute for are left out and named; references are written as they are', () => {
    const { text, leftOut } = renderTerraformResource(
      'vault_aws_secret_backend',
      'cloud',
      { access_key: 'AKIAEXAMPLE', secret_key: new TerraformExpression('var.aws_secret_key'), max_retries: 3 },
      { path: 'cloud' },
    );
    assert.match(text, /^ {2}secret_key = var\.aws_secret_key$/m);
    assert.deepEqual(
      leftOut.map((l) => l.field),
      ['max_retries'],
    );
    // A value from the engine is data, never an expression, whatever its shape.
    const tags = renderTerraformResource('vault_aws_secret_backend_role', 'r', {
      name: 'r',
      credential_type: 'assumed_role',
      session_tags: { expression: 'var.x' },
    });
    assert.deepEqual(readBack(tags.text)[0]?.value.session_tags, { expression: 'var.x' });
    assert.throws(() => new TerraformExpression('var.x }\nresource "x" "y" {'), /not a Terraform reference/);
  });

  test('labels: names that are not Terraform identifiers, and repeats', () => {
    const taken = new Set<string>();
    assert.deepEqual(
      ['deploy', 'team.a', 'team_a', '1st@ci', 'Deploy', '-x'].map((n) => terraformLabel(n, taken)),
      ['deploy', 'team_a', 'team_a_2', '_1st_ci', 'Deploy', '_-x'],
    );
    for (const label of taken) assert.match(label, /^[A-Za-z_][A-Za-z0-9_-]*$/);
  });
});
