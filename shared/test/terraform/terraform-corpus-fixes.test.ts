// What the real Terraform corpus (test/fixtures/terraform-corpus) showed keyfob got wrong, each as it
// was met there: GitHub's trust rules on roles of other issuers (a GitLab project, a Terraform Cloud
// workspace), a module's optional input (`default = []`) read as the value, and a JWT role's
// `token_policies = [vault_policy.x.name]` not checked against that policy of the module.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mayBeGithubRole } from '@keyfob/shared/jwt-roles';
import { lintText, terraformContextOf } from '@keyfob/shared/lint';

function lint(files: Record<string, string>, fileName = 'main.tf') {
  const terraform = terraformContextOf({ names: Object.keys(files), read: (name) => files[name] });
  return lintText(files[fileName] ?? '', { fileName, terraform });
}
const codes = (result: { problems: readonly { code: string }[] }) => result.problems.map((p) => p.code).sort();

/** A JWT role resource with the given head and attribute lines (HCL). */
const roleResource = (head: string[], attributes: string[]) =>
  ['resource "vault_jwt_auth_backend_role" "r" {', ...head, ...attributes]
    .map((line, i) => (i === 0 ? line : `  ${line}`))
    .concat('}', '')
    .join('\n');

/** A JWT role resource with role_type jwt on the jwt mount and the given attributes (HCL lines). */
const jwtRole = (...attributes: string[]) =>
  roleResource(['backend = "jwt"', 'role_name = "r"', 'role_type = "jwt"'], attributes);

describe("GitHub's trust rules apply to roles GitHub's tokens could log in with", () => {
  const cases: [string, string[], string[]][] = [
    [
      'a GitLab role bound to project_id is not "any repository"',
      ['user_claim = "sub"', 'bound_audiences = ["https://gitlab.example"]', 'bound_claims = { project_id = "2" }'],
      [],
    ],
    [
      'a Terraform Cloud sub glob does not leave a GitHub owner open',
      [
        'user_claim = "terraform_full_workspace"',
        'bound_audiences = ["vault.workload.identity"]',
        'bound_claims_type = "glob"',
        'bound_claims = { sub = "organization:acme:project:p:workspace:w:run_phase:*" }',
      ],
      [],
    ],
    [
      'a GitHub role without a repository binding still is',
      [
        'user_claim = "actor"',
        'bound_audiences = ["https://github.com/acme"]',
        'bound_claims = { ref = "refs/heads/main" }',
      ],
      ['JWT_TRUST_ANY_REPOSITORY'],
    ],
  ];
  for (const [name, attributes, expected] of cases)
    test(name, () => assert.deepEqual(codes(lint({ 'main.tf': jwtRole(...attributes) })), expected));

  test('mayBeGithubRole: claims, the user claim and the sub say whose tokens can log in', () => {
    assert.equal(mayBeGithubRole({ user_claim: 'actor', bound_claims: { repository: 'o/r' } }), true);
    assert.equal(mayBeGithubRole({ user_claim: 'sub', bound_claims: { project_id: '2' } }), false);
    assert.equal(mayBeGithubRole({ user_claim: 'terraform_full_workspace' }), false);
    // GitHub's claims are all top-level strings: a pointer into one (`/actor/login`) is no claim of its tokens.
    assert.equal(mayBeGithubRole({ user_claim: '/actor/login', user_claim_json_pointer: true }), false);
    assert.equal(mayBeGithubRole({ user_claim: '/actor', user_claim_json_pointer: true }), true);
    assert.equal(mayBeGithubRole({ bound_subject: 'organization:acme:project:p' }), false);
    assert.equal(mayBeGithubRole({ bound_claims_type: 'glob', bound_claims: { sub: 'repo:acme/*' } }), true);
    assert.equal(mayBeGithubRole({ bound_claims_type: 'glob', bound_claims: { sub: '*' } }), true);
    assert.equal(mayBeGithubRole({ bound_claims_type: 'glob', bound_claims: { sub: 'organization:*' } }), false);
    assert.equal(mayBeGithubRole({}), true);
  });
});

describe('an OIDC role (browser login) is not held to JWT login rules', () => {
  // As met in the third clean collection: Okta group roles (role_type "oidc") and an OIDC module's
  // role with role_type left to the engine's default and its redirect URIs from a variable.
  const oidcRole = (...attributes: string[]) =>
    roleResource(['backend = "oidc"', 'role_name = "r"', 'user_claim = "sub"'], attributes);
  const cases: [string, string[], string[]][] = [
    [
      'role_type "oidc" with no repository binding',
      [
        'role_type = "oidc"',
        'bound_audiences = [var.client_id]',
        'allowed_redirect_uris = ["http://localhost:8250/oidc/callback"]',
        'groups_claim = "groups"',
      ],
      [],
    ],
    [
      'role_type omitted with allowed_redirect_uris from a variable without a default',
      ['allowed_redirect_uris = var.allowed_redirect_uris', 'oidc_scopes = ["groups"]'],
      [],
    ],
    [
      'role_type omitted with allowed_redirect_uris from a variable whose default is [""]',
      ['allowed_redirect_uris = var.uris'],
      ['FIELD_EMPTY_ITEM'],
    ],
    [
      // No backend in the module: the issuer is unknown and nothing of GitHub's is bound, so only
      // what holds for every issuer is said (terraform-unknown-issuer.test.ts).
      'role_type omitted with no OIDC setting is still omitted',
      [],
      ['JWT_TRUST_ROLE_TYPE_OMITTED'],
    ],
  ];
  const variables = 'variable "uris" {\n  type = list(string)\n  default = [""]\n}\n';
  for (const [name, attributes, expected] of cases)
    test(name, () => assert.deepEqual(codes(lint({ 'main.tf': oidcRole(...attributes) + variables })), expected));
});

describe("a module's optional input is not its value", () => {
  test('role_arns = var.role_arns with default = [] is unknown: no ROLE_ARNS_REQUIRED', () => {
    const main = `resource "vault_aws_secret_backend_role" "this" {
  backend         = "aws"
  name            = var.name
  credential_type = var.credential_type
  role_arns       = var.role_arns
}
`;
    const variables = `variable "name" {}
variable "credential_type" {
  default = "assumed_role"
}
variable "role_arns" {
  default = []
}
`;
    const result = lint({ 'main.tf': main, 'variables.tf': variables });
    assert.deepEqual(codes(result), []);
    const unknown = result.documents[0]?.terraform?.unknown.find((u) => u.attribute === 'role_arns');
    assert.match(unknown?.reason ?? '', /defaults to \[\], an optional input/);
  });

  test('a non-empty default is still the value', () => {
    const main = `resource "vault_aws_secret_backend_role" "this" {
  backend         = "aws"
  name            = "r"
  credential_type = "iam_user"
  role_arns       = var.role_arns
  policy_arns     = ["arn:aws:iam::aws:policy/ReadOnlyAccess"]
}
variable "role_arns" {
  default = ["arn:aws:iam::123456789012:role/x"]
}
`;
    assert.deepEqual(codes(lint({ 'main.tf': main })), ['ROLE_ARNS_NOT_ALLOWED']);
  });
});

describe("a JWT role's token policies among the module's vault_policy resources", () => {
  const role = jwtRole(
    'user_claim = "terraform_full_workspace"',
    'bound_audiences = ["vault.workload.identity"]',
    'bound_claims_type = "glob"',
    'bound_claims = { sub = "organization:acme:project:p:workspace:*:run_phase:*" }',
    'token_policies = [vault_policy.main.name]',
  );
  test('a policy in another file of the module that lets tokens mint tokens is reported at token_policies', () => {
    const policy = `resource "vault_policy" "main" {
  name   = "demo"
  policy = <<EOT
path "auth/token/create" {
  capabilities = ["update"]
}
EOT
}
`;
    const result = lint({ 'main.tf': role, 'policy.tf': policy });
    assert.deepEqual(codes(result), ['JWT_TRUST_POLICY_REACHES_TRUST']);
    const text = role;
    const range = result.problems[0]?.range;
    assert.equal(text.slice(range?.start, range?.end), 'vault_policy.main.name');
  });

  test('every file of a folder sees the policies of the others (one context, read once)', () => {
    const policy = (name: string) =>
      `resource "vault_policy" "${name}" {\n  name   = "${name}"\n  policy = "path \\"auth/token/create\\" { capabilities = [\\"update\\"] }"\n}\n`;
    const files: Record<string, string> = {
      'a.tf': role.replace('vault_policy.main.name', 'vault_policy.b.name') + policy('a'),
      'b.tf': role.replace('vault_policy.main.name', 'vault_policy.a.name').replace('"r"', '"s"') + policy('b'),
    };
    const terraform = terraformContextOf({ names: Object.keys(files), read: (name) => files[name] });
    for (const fileName of ['a.tf', 'b.tf', 'a.tf'])
      assert.deepEqual(
        codes(lintText(files[fileName] ?? '', { fileName, terraform })),
        ['JWT_TRUST_POLICY_REACHES_TRUST'],
        fileName,
      );
  });

  test('one that reads credentials only is not', () => {
    const policy = `resource "vault_policy" "main" {
  name   = "demo"
  policy = "path \\"aws/creds/x\\" { capabilities = [\\"read\\"] }"
}
`;
    assert.deepEqual(codes(lint({ 'main.tf': role, 'policy.tf': policy })), []);
  });
});

describe("GitHub's trust rules follow the issuer of the role's vault_jwt_auth_backend", () => {
  const backend = (label: string, issuer: string, path?: string) =>
    [
      `resource "vault_jwt_auth_backend" "${label}" {`,
      '  type = "jwt"',
      ...(path === undefined ? [] : [`  path = "${path}"`]),
      `  oidc_discovery_url = "${issuer}"`,
      `  bound_issuer = "${issuer}"`,
      '}',
      '',
    ].join('\n');
  /** A role bound by audience alone (no repository binding) on the given backend attribute. */
  const role = (backendLine: string | undefined) =>
    [
      'resource "vault_jwt_auth_backend_role" "device" {',
      ...(backendLine === undefined ? [] : [`  ${backendLine}`]),
      '  role_name = "device"',
      '  role_type = "jwt"',
      '  user_claim = "sub"',
      '  bound_audiences = ["https://vault.example.net"]',
      '}',
      '',
    ].join('\n');
  const TAILSCALE = 'https://login.tailscale.com';
  const GITHUB = 'https://token.actions.githubusercontent.com';
  const cases: [string, Record<string, string>, string[]][] = [
    [
      'a role on another issuer\'s backend (by reference) is not "any repository"',
      {
        'main.tf': role('backend = vault_jwt_auth_backend.tailscale.path'),
        'auth.tf': backend('tailscale', TAILSCALE, 'tailscale'),
      },
      [],
    ],
    [
      "the same role on GitHub's backend is",
      { 'main.tf': role('backend = vault_jwt_auth_backend.gh.path'), 'auth.tf': backend('gh', GITHUB) },
      ['JWT_TRUST_ANY_REPOSITORY'],
    ],
    [
      "a GitHub Enterprise Server's issuer is GitHub's",
      {
        'main.tf': role('backend = vault_jwt_auth_backend.ghes.path'),
        'auth.tf': backend('ghes', 'https://github.example.com/_services/token'),
      },
      ['JWT_TRUST_ANY_REPOSITORY'],
    ],
    [
      'a literal backend names the backend mounted there; no backend is the default jwt mount',
      { 'main.tf': role(undefined), 'auth.tf': backend('default', TAILSCALE) },
      [],
    ],
    [
      'a literal backend with GitHub mounted there',
      {
        'main.tf': role('backend = "github"'),
        'auth.tf': backend('a', TAILSCALE, 'other') + backend('b', GITHUB, 'github'),
      },
      ['JWT_TRUST_ANY_REPOSITORY'],
    ],
    [
      // Judged by the role's own claims (terraform-unknown-issuer.test.ts): nothing of GitHub's here.
      "an issuer keyfob cannot know (a variable): an audience-only role is not held to GitHub's rules",
      {
        'main.tf': role('backend = vault_jwt_auth_backend.x.path'),
        'auth.tf': 'variable "issuer" {}\nresource "vault_jwt_auth_backend" "x" {\n  bound_issuer = var.issuer\n}\n',
      },
      [],
    ],
    // Read through the module's evaluator, as every other value (these fail with literals only).
    [
      "an issuer from a local: another issuer's",
      {
        'main.tf': role('backend = vault_jwt_auth_backend.x.path'),
        'auth.tf': `locals {\n  issuer = "${TAILSCALE}"\n}\nresource "vault_jwt_auth_backend" "x" {\n  path = "ts"\n  bound_issuer = local.issuer\n}\n`,
      },
      [],
    ],
    [
      "an issuer from a variable's default, written as a template",
      {
        'main.tf': role('backend = "ts"'),
        'auth.tf': `variable "host" {\n  default = "login.tailscale.com"\n}\nresource "vault_jwt_auth_backend" "x" {\n  path = "ts"\n  oidc_discovery_url = "https://\${var.host}"\n}\n`,
      },
      [],
    ],
    [
      "the role's mount from a variable's default, the backend's from a local",
      {
        'main.tf': role('backend = var.mount') + 'variable "mount" {\n  default = "tailscale"\n}\n',
        'auth.tf': `locals {\n  mount = "tailscale/"\n}\nresource "vault_jwt_auth_backend" "x" {\n  path = local.mount\n  bound_issuer = "${TAILSCALE}"\n}\n`,
      },
      [],
    ],
    [
      "the same with GitHub's issuer from a local: the rules on",
      {
        'main.tf': role('backend = var.mount') + 'variable "mount" {\n  default = "gh"\n}\n',
        'auth.tf': `locals {\n  issuer = "${GITHUB}"\n}\nresource "vault_jwt_auth_backend" "x" {\n  path = "gh"\n  bound_issuer = local.issuer\n}\n`,
      },
      ['JWT_TRUST_ANY_REPOSITORY'],
    ],
    // held5 (demophoon/homelab, Nomad workload identity): a backend with only jwks_url is known.
    [
      "a backend with only a jwks_url of another host is another issuer's",
      {
        'main.tf': role('backend = vault_jwt_auth_backend.nomad.path'),
        'auth.tf': `resource "vault_jwt_auth_backend" "nomad" {\n  path = "jwt-nomad"\n  jwks_url = "https://nomad.example.net:4646/.well-known/jwks.json"\n}\n`,
      },
      [],
    ],
    [
      "a backend with GitHub's jwks_url is GitHub's: the rules on",
      {
        'main.tf': role('backend = "gh"'),
        'auth.tf': `resource "vault_jwt_auth_backend" "gh" {\n  path = "gh"\n  jwks_url = "${GITHUB}/.well-known/jwks"\n}\n`,
      },
      ['JWT_TRUST_ANY_REPOSITORY'],
    ],
    [
      "a GHES host's jwks_url is GitHub's",
      {
        'main.tf': role('backend = "gh"'),
        'auth.tf': `resource "vault_jwt_auth_backend" "gh" {\n  path = "gh"\n  jwks_url = "https://github.example.com/_services/token/.well-known/jwks"\n}\n`,
      },
      ['JWT_TRUST_ANY_REPOSITORY'],
    ],
    [
      "keys given inline without a bound issuer are not GitHub's",
      {
        'main.tf': role(undefined),
        'auth.tf': `resource "vault_jwt_auth_backend" "k" {\n  jwt_validation_pubkeys = ["-----BEGIN PUBLIC KEY-----\\nMFkw\\n-----END PUBLIC KEY-----"]\n}\n`,
      },
      [],
    ],
    [
      "keys given inline with GitHub's bound issuer: the rules on",
      {
        'main.tf': role(undefined),
        'auth.tf': `resource "vault_jwt_auth_backend" "k" {\n  bound_issuer = "${GITHUB}"\n  jwt_validation_pubkeys = ["-----BEGIN PUBLIC KEY-----\\nMFkw\\n-----END PUBLIC KEY-----"]\n}\n`,
      },
      ['JWT_TRUST_ANY_REPOSITORY'],
    ],
    [
      "a backend outside the module: an audience-only role is not held to GitHub's rules",
      { 'main.tf': role('backend = var.mount') + 'variable "mount" {\n  default = "tailscale"\n}\n' },
      [],
    ],
  ];
  for (const [name, files, expected] of cases)
    test(name, () => {
      assert.deepEqual(
        codes(lint(files)).filter((c) => c.startsWith('JWT_TRUST_ANY')),
        expected,
      );
    });
});
