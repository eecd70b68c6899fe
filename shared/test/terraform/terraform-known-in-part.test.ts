// Values known in part (label 003 of the Terraform corpus's first collection): a map literal with
// an unknown value, a list with an unknown item, a template with an unknown interpolation. What
// the known part decides is reported (the literal `*` of a sub pattern compared as a character,
// the claims a map binds, a known token policy); what the unknown part decides is not, and the
// unknown part is never guessed (messages show it as ${…}).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintJwtTrust } from '@keyfob/shared/jwt-roles';
import { lintText, terraformContextOf } from '@keyfob/shared/lint';
import { readTerraformFile, readTerraformResources } from '@keyfob/shared/terraform';

const BACKEND = `resource "vault_jwt_auth_backend" "github" {
  path         = "jwt"
  bound_issuer = "https://token.actions.githubusercontent.com"
}
`;

/** A GitHub JWT role with the given attribute lines (role_type, user_claim, audience set unless given). */
function role(lines: Record<string, string>): string {
  const attributes: Record<string, string> = {
    backend: 'vault_jwt_auth_backend.github.path',
    role_name: '"demo"',
    role_type: '"jwt"',
    user_claim: '"actor"',
    bound_audiences: '["https://github.com/acme"]',
    bound_claims: '{ repository_id = "123456" }',
    ...lines,
  };
  const body = Object.entries(attributes)
    .map(([k, v]) => `  ${k} = ${v}`)
    .join('\n');
  return `${BACKEND}resource "vault_jwt_auth_backend_role" "demo" {\n${body}\n}\n`;
}

function lint(text: string) {
  const terraform = terraformContextOf({ names: ['main.tf'], read: () => text });
  return lintText(text, { fileName: 'main.tf', terraform });
}
const codes = (text: string) =>
  lint(text)
    .problems.map((p) => `${p.code} ${p.path}`)
    .sort();
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('a map with an unknown value: what its known part decides', () => {
  const corpus = role({
    bound_claims: '{\n    "sub" = "repo:${data.github_repository.app.full_name}:ref:refs/*"\n  }',
    bound_subject: '""',
  });

  test("label 003's shape: the literal * of a sub compared as a character is reported at the value", () => {
    const result = lint(corpus);
    assert.deepEqual(
      result.problems.map((p) => p.code),
      ['JWT_TRUST_LITERAL_GLOB'],
    );
    const [problem] = result.problems;
    assert.equal(problem?.path, '/bound_claims/sub');
    assert.equal(problem?.range?.startLine, lineOf(corpus, '"repo:'));
    // The unknown part is shown as unknown, never as a guessed value.
    assert.match(problem?.message ?? '', /"repo:\$\{…\}:ref:refs\/\*"/);
  });

  test('the same pattern where the engine reads it as a glob, or with an unknown type: silent', () => {
    assert.deepEqual(
      codes(role({ bound_claims: corpus.match(/\{\n[^}]*\}/)?.[0] ?? '', bound_claims_type: '"glob"' })),
      [],
    );
    assert.deepEqual(
      codes(role({ bound_claims: corpus.match(/\{\n[^}]*\}/)?.[0] ?? '', bound_claims_type: 'var.t' })),
      [],
    );
  });

  test('a rule the unknown part decides stays silent: an owner that may be a glob', () => {
    const glob = { bound_claims_type: '"glob"' };
    // Known: the owner is open (reported before and after).
    assert.deepEqual(codes(role({ ...glob, bound_claims: '{ sub = "repo:*/app:*" }' })), [
      'JWT_TRUST_WILDCARD_OWNER /bound_claims/sub',
    ]);
    // Unknown owner: it may be a name or a glob; nothing said about it.
    assert.deepEqual(codes(role({ ...glob, bound_claims: '{ sub = "repo:${var.owner}/app:*" }' })), []);
  });

  test('every repository of an unknown owner: whole owner whatever the owner is (label 321)', () => {
    // Fails before: the fill * opened the owner (WILDCARD_OWNER), so WHOLE_OWNER did not hold in every reading.
    const glob = { bound_claims_type: '"glob"' };
    assert.deepEqual(codes(role({ ...glob, bound_claims: '{ repository = "${var.github_org}/*" }' })), [
      'JWT_TRUST_WHOLE_OWNER /bound_claims/repository',
    ]);
    assert.deepEqual(codes(role({ ...glob, bound_claims: '{ sub = "repo:${var.owner}/*" }' })), [
      'JWT_TRUST_WHOLE_OWNER /bound_claims/sub',
    ]);
  });

  test('the keys a map binds are known: no pinning claim among them is any repository', () => {
    // Fails before: the whole map was unknown, so nothing was said.
    assert.deepEqual(codes(role({ bound_claims: '{ environment = var.environment }' })), [
      'JWT_TRUST_ANY_REPOSITORY /bound_claims',
    ]);
    // A pinning claim with an unknown value pins the role to something: not any repository.
    assert.deepEqual(codes(role({ bound_claims: '{ repository = var.repository }' })), []);
    assert.deepEqual(codes(role({ bound_claims: '{ sub = var.sub }' })), []);
  });
});

describe('a template with an unknown interpolation, as a string field', () => {
  test('bound_subject with a literal *: reported (the engine never reads bound_subject as a pattern)', () => {
    const text = role({ bound_subject: '"repo:${var.repository}:ref:refs/heads/*"' });
    const result = lint(text);
    assert.deepEqual(
      result.problems.map((p) => `${p.code} ${p.path}`),
      ['JWT_TRUST_LITERAL_GLOB /bound_subject'],
    );
    assert.equal(result.problems[0]?.range?.startLine, lineOf(text, 'bound_subject'));
  });

  test('bound_subject that is all unknown: silent (it may be empty, so the role may be unpinned, or not)', () => {
    assert.deepEqual(codes(role({ bound_subject: '"${var.subject}"' })), []);
    assert.deepEqual(codes(role({ bound_subject: 'var.subject' })), []);
  });
});

describe('a list with an unknown item', () => {
  const policy = `resource "vault_policy" "admin" {
  name   = "admin"
  policy = "path \\"auth/*\\" { capabilities = [\\"update\\"] }"
}
`;
  test('a known token policy that reaches the trust is reported beside an unknown one', () => {
    // Fails before: one unknown item made the whole list unknown.
    const text = role({ token_policies: '[var.extra, vault_policy.admin.name]' }) + policy;
    assert.deepEqual(codes(text), ['JWT_TRUST_POLICY_REACHES_TRUST /token_policies/1']);
    const root = role({ token_policies: '["${var.team}-read", "root"]' });
    assert.deepEqual(codes(root), ['JWT_TRUST_POLICY_REACHES_TRUST /token_policies/1']);
  });

  test('an unknown audience item is an audience: no "no audience"', () => {
    assert.deepEqual(codes(role({ bound_audiences: '[var.audience]' })), []);
  });
});

describe('what the known part cannot decide stays as before', () => {
  test("a role's ARN with an unknown account: no form check on it (the validator needs the whole value)", () => {
    const text = `resource "vault_aws_secret_backend_role" "r" {
  backend         = "aws"
  name            = "deploy"
  credential_type = "assumed_role"
  role_arns       = ["arn:aws:iam::\${var.account}:role/deploy", "arn:aws:iam::123456789012:role/ci"]
}
`;
    assert.deepEqual(codes(text), []);
  });

  test('the reader keeps the field unknown, with its reason, and one reading per fill', () => {
    const text = role({ bound_claims: '{ sub = "repo:${var.r}:*", ref = "refs/heads/main" }' });
    const tf = readTerraformFile('main.tf', text);
    const [resource] = readTerraformResources(tf, { files: [tf] });
    const claims = resource?.unknown.find((u) => u.attribute === 'bound_claims');
    assert.equal(resource?.value.bound_claims, undefined);
    assert.match(claims?.reason ?? '', /var\.r/);
    assert.deepEqual(claims?.fills?.[0], { sub: 'repo:${…}:*', ref: 'refs/heads/main' });
    assert.ok(claims?.fills?.every((f) => (f as { ref: string }).ref === 'refs/heads/main'));
    // An object key that is an expression leaves nothing of the map known.
    const keyed = readTerraformFile('main.tf', role({ bound_claims: '{ (var.k) = "x" }' }));
    const [unkeyed] = readTerraformResources(keyed, { files: [keyed] });
    assert.equal(unkeyed?.unknown.find((u) => u.attribute === 'bound_claims')?.fills, undefined);
  });
});

describe('a token policy is named at the item written', () => {
  test('an empty item before it (dropped by the engine) does not move the problem to the item before', () => {
    const problems = lintJwtTrust(
      {
        role_type: 'jwt',
        user_claim: 'actor',
        bound_audiences: ['a'],
        bound_claims: { repository_id: '1' },
        token_policies: ['', 'root'],
      },
      { policies: new Map() },
    );
    assert.deepEqual(
      problems.map((p) => `${p.code} ${p.path}`),
      ['JWT_TRUST_POLICY_REACHES_TRUST /token_policies/1'],
    );
  });
});
