// A login token that can write the roles or the config of ANOTHER JWT/OIDC mount than `jwt` reaches
// the trust too (held6 592, 594, 596: a policy granting `auth/jwt/gitlab/role/*`). The mounts are
// those the module declares (`vault_jwt_auth_backend` path, `vault_auth_backend` of type jwt/oidc)
// and the role's own backend, never guessed: a mount of another auth type is not the trust.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintText, terraformContextOf } from '@keyfob/shared/lint';
import { readTerraformFile, readTerraformResources } from '@keyfob/shared/terraform';

function lint(files: Record<string, string>, fileName = 'main.tf') {
  const terraform = terraformContextOf({ names: Object.keys(files), read: (name) => files[name] });
  return lintText(files[fileName] ?? '', { fileName, terraform });
}
const reaches = (result: { problems: readonly { code: string; message: string }[] }) =>
  result.problems.filter((p) => p.code === 'JWT_TRUST_POLICY_REACHES_TRUST').map((p) => p.message);

const role = (backend: string) =>
  [
    'resource "vault_jwt_auth_backend_role" "r" {',
    `  backend = ${backend}`,
    '  role_name = "r"',
    '  role_type = "jwt"',
    '  user_claim = "sub"',
    '  bound_audiences = ["https://gitlab.example"]',
    '  bound_claims = { project_id = "2" }',
    '  token_policies = ["deploy"]',
    '}',
    '',
  ].join('\n');
const policy = (path: string) =>
  `resource "vault_policy" "deploy" {\n  name = "deploy"\n  policy = <<EOT\npath "${path}" {\n  capabilities = ["create", "update"]\n}\nEOT\n}\n`;

describe('JWT_TRUST_POLICY_REACHES_TRUST covers the JWT/OIDC mounts the module declares', () => {
  test('a declared vault_jwt_auth_backend mount (path) is trust: its role/* and config', () => {
    const backend =
      'resource "vault_jwt_auth_backend" "gitlab" {\n  path = "jwt/gitlab"\n  bound_issuer = "https://gitlab.example"\n}\n';
    const found = reaches(
      lint({ 'main.tf': role('"jwt"'), 'backend.tf': backend, 'policy.tf': policy('auth/jwt/gitlab/role/*') }),
    );
    assert.equal(found.length, 1);
    assert.match(found[0] ?? '', /auth\/jwt\/gitlab\/role\/\*/);
    const config = reaches(
      lint({ 'main.tf': role('"jwt"'), 'backend.tf': backend, 'policy.tf': policy('auth/jwt/gitlab/config') }),
    );
    assert.match(config[0] ?? '', /auth\/jwt\/gitlab\/config/);
  });

  test("the role's own backend is trust", () => {
    const found = reaches(lint({ 'main.tf': role('"gitlab"'), 'policy.tf': policy('auth/gitlab/role/*') }));
    assert.match(found[0] ?? '', /auth\/gitlab\/role\/\*/);
  });

  test('a vault_auth_backend of type oidc is trust; its default path is its type', () => {
    const mounted = 'resource "vault_auth_backend" "sso" {\n  type = "oidc"\n  path = "sso"\n}\n';
    assert.equal(
      reaches(lint({ 'main.tf': role('"jwt"'), 'a.tf': mounted, 'policy.tf': policy('auth/sso/role/*') })).length,
      1,
    );
    const unnamed = 'resource "vault_auth_backend" "o" {\n  type = "oidc"\n}\n';
    assert.equal(
      reaches(lint({ 'main.tf': role('"jwt"'), 'a.tf': unnamed, 'policy.tf': policy('auth/oidc/role/*') })).length,
      1,
    );
  });

  test('a mount of another auth type is not this trust (auth/approle/role/*)', () => {
    const approle = 'resource "vault_auth_backend" "approle" {\n  type = "approle"\n}\n';
    assert.deepEqual(
      reaches(lint({ 'main.tf': role('"jwt"'), 'a.tf': approle, 'policy.tf': policy('auth/approle/role/*') })),
      [],
    );
  });

  test('an undeclared mount is not guessed (a mount at an unknown path adds nothing)', () => {
    const unknown = 'variable "p" {}\nresource "vault_jwt_auth_backend" "g" {\n  path = var.p\n}\n';
    assert.deepEqual(
      reaches(lint({ 'main.tf': role('"jwt"'), 'a.tf': unknown, 'policy.tf': policy('auth/jwt/gitlab/role/*') })),
      [],
    );
    assert.deepEqual(reaches(lint({ 'main.tf': role('"jwt"'), 'policy.tf': policy('auth/jwt/gitlab/role/*') })), []);
  });
});

// One reader of the module's JWT/OIDC mounts (jwt-issuer.ts's jwtBackendsReader) gives both a role's
// issuer and its trust mounts: a mount is the known path, else the type, else jwt, for both.
describe('one JWT mount reader for the issuer and the trust mounts', () => {
  const resourcesOf = (files: Record<string, string>) => {
    const tfs = Object.entries(files).map(([name, text]) => readTerraformFile(name, text));
    const [main] = tfs;
    assert.ok(main);
    return readTerraformResources(main, { files: tfs }).filter((r) => r.resourceType.kind === 'jwt-role');
  };

  test('path = "gitlab" with type = "oidc": the role on "gitlab" has its issuer and its mount', () => {
    const backend =
      'resource "vault_jwt_auth_backend" "gitlab" {\n  path = "gitlab"\n  type = "oidc"\n  bound_issuer = "https://gitlab.example"\n}\n';
    const [r] = resourcesOf({ 'main.tf': role('"gitlab"'), 'backend.tf': backend });
    assert.equal(r?.issuer, 'https://gitlab.example');
    assert.deepEqual(r?.trustMounts, ['gitlab']);
    // The same backend without its path is mounted at its type: oidc, for the issuer as for the mounts.
    const unnamed =
      'resource "vault_jwt_auth_backend" "o" {\n  type = "oidc"\n  bound_issuer = "https://gitlab.example"\n}\n';
    const [onOidc] = resourcesOf({ 'main.tf': role('"oidc"'), 'backend.tf': unnamed });
    assert.equal(onOidc?.issuer, 'https://gitlab.example');
    assert.deepEqual(onOidc?.trustMounts, ['oidc']);
    const [onJwt] = resourcesOf({ 'main.tf': role('"jwt"'), 'backend.tf': unnamed });
    assert.equal(onJwt?.issuer, undefined);
    assert.deepEqual(onJwt?.trustMounts, ['oidc', 'jwt']);
  });

  test('a vault_auth_backend of type jwt: a trust mount with no issuer (its config is written elsewhere)', () => {
    const mounted = 'resource "vault_auth_backend" "ci" {\n  type = "jwt"\n  path = "ci"\n}\n';
    const [byRef] = resourcesOf({ 'main.tf': role('vault_auth_backend.ci.path'), 'a.tf': mounted });
    assert.equal(byRef?.issuer, undefined);
    assert.deepEqual(byRef?.trustMounts, ['ci']);
    const [byValue] = resourcesOf({ 'main.tf': role('"ci"'), 'a.tf': mounted });
    assert.deepEqual(byValue?.trustMounts, ['ci']);
    assert.equal(
      reaches(
        lint({ 'main.tf': role('vault_auth_backend.ci.path'), 'a.tf': mounted, 'policy.tf': policy('auth/ci/config') }),
      ).length,
      1,
    );
    // A GitHub backend elsewhere in the module is not this role's issuer.
    const github =
      'resource "vault_jwt_auth_backend" "gh" {\n  path = "jwt"\n  bound_issuer = "https://token.actions.githubusercontent.com"\n}\n';
    const [beside] = resourcesOf({ 'main.tf': role('"ci"'), 'a.tf': mounted, 'b.tf': github });
    assert.equal(beside?.issuer, undefined);
    assert.deepEqual(beside?.trustMounts, ['ci', 'jwt']);
  });
});
