// JWT_TRUST_LITERAL_GLOB: a `*` the engine compares as the character itself (vault-plugin-auth-jwt
// claims.go: bound_claims match as globs only with bound_claims_type glob, else by equality;
// bound_subject always by equality), the same code in a role file and in Terraform, through the
// mapping table, at the value; silent with glob, and when the type is an unknown variable.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintText } from '@keyfob/shared/lint';

const yamlRole = (...lines: string[]) =>
  ['role_type: jwt', 'user_claim: sub', 'bound_audiences: [sts.amazonaws.com]', ...lines, ''].join('\n');
const tfRole = (...lines: string[]) =>
  [
    'variable "claims_type" {',
    '  type = string',
    '}',
    'resource "vault_jwt_auth_backend_role" "r" {',
    '  backend         = "jwt"',
    '  role_name       = "r"',
    '  role_type       = "jwt"',
    '  user_claim      = "sub"',
    '  bound_audiences = ["sts.amazonaws.com"]',
    ...lines.map((l) => `  ${l}`),
    '}',
    '',
  ].join('\n');

/** The literal-glob problems of a file: path and the text at the range. */
function literal(text: string, fileName: string): [string, string][] {
  return lintText(text, { fileName })
    .problems.filter((p) => p.code === 'JWT_TRUST_LITERAL_GLOB')
    .map((p) => {
      assert.equal(p.severity, 'error');
      return [p.path, text.slice(p.range?.start, p.range?.end)];
    });
}

describe('a * compared literally', () => {
  test('a bound_claims value with string (or no) bound_claims_type, in a role file and in Terraform', () => {
    assert.deepEqual(literal(yamlRole('bound_claims: { sub: "repo:octo/app:ref:refs/*" }'), 'r.jwt-role.yaml'), [
      ['/bound_claims/sub', '"repo:octo/app:ref:refs/*"'],
    ]);
    assert.deepEqual(literal(tfRole('bound_claims = { sub = "repo:octo/app:ref:refs/*" }'), 'main.tf'), [
      ['/bound_claims/sub', '"repo:octo/app:ref:refs/*"'],
    ]);
    // Terraform's comma-separated values are a list: the one with the * is named.
    assert.deepEqual(
      literal(
        tfRole('bound_claims_type = "string"', 'bound_claims = { ref = "refs/heads/main,refs/tags/*" }'),
        'main.tf',
      ).map(([path]) => path),
      ['/bound_claims/ref/1'],
    );
    assert.deepEqual(
      literal(
        yamlRole('bound_claims_type: string', 'bound_claims: { ref: [refs/heads/main, "refs/tags/*"] }'),
        'r.jwt-role.yaml',
      ),
      [['/bound_claims/ref/1', '"refs/tags/*"']],
    );
  });

  test('bound_subject is never a pattern, whatever the bound_claims_type', () => {
    for (const type of ['', 'bound_claims_type: glob'])
      assert.deepEqual(
        literal(yamlRole(type, 'bound_subject: "repo:octo/app:*"'), 'r.jwt-role.yaml').map(([path]) => path),
        ['/bound_subject'],
      );
    assert.deepEqual(
      literal(tfRole('bound_subject = "repo:octo/app:*"'), 'main.tf').map(([path]) => path),
      ['/bound_subject'],
    );
  });

  test('silent with bound_claims_type glob, without a *, and when the type is not known', () => {
    assert.deepEqual(
      literal(
        yamlRole('bound_claims_type: glob', 'bound_claims: { sub: "repo:octo/app:ref:refs/*" }'),
        'r.jwt-role.yaml',
      ),
      [],
    );
    assert.deepEqual(
      literal(yamlRole('bound_claims: { sub: "repo:octo/app:ref:refs/heads/main" }'), 'r.jwt-role.yaml'),
      [],
    );
    assert.deepEqual(
      literal(
        tfRole('bound_claims_type = var.claims_type', 'bound_claims = { sub = "repo:octo/app:ref:refs/*" }'),
        'main.tf',
      ),
      [],
    );
  });
});
