// A JWT role whose backend's issuer is unknown (a variable) is judged by its own claims: GitHub's
// repository rules only where its claims are GitHub's (the one claim table, issuer-claims.ts), never
// on claims GitHub does not issue (GitLab, HCP Terraform, Kubernetes, Nomad, Buildkite, CircleCI,
// Bitbucket, Azure, Google), and never where nothing of GitHub's is bound.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hasGithubClaims, mayBeGithubRole } from '@keyfob/shared/jwt-roles';
import { lintText, terraformContextOf } from '@keyfob/shared/lint';

function lint(files: Record<string, string>) {
  const terraform = terraformContextOf({ names: Object.keys(files), read: (name) => files[name] });
  return lintText(files['main.tf'] ?? '', { fileName: 'main.tf', terraform });
}
const repositoryCodes = (result: { problems: readonly { code: string }[] }) =>
  result.problems
    .map((p) => p.code)
    .filter((c) => c.startsWith('JWT_TRUST_') && c !== 'JWT_TRUST_ROLE_TYPE_OMITTED')
    .sort();

/** A role on a backend whose bound_issuer is a variable without a default, with the given attributes. */
const onUnknownIssuer = (...attributes: string[]) => ({
  'main.tf': [
    'resource "vault_jwt_auth_backend_role" "r" {',
    '  backend = vault_jwt_auth_backend.ci.path',
    '  role_name = "r"',
    '  role_type = "jwt"',
    ...attributes.map((a) => `  ${a}`),
    '}',
    '',
  ].join('\n'),
  'auth.tf':
    'variable "issuer" {}\nresource "vault_jwt_auth_backend" "ci" {\n  path = "ci"\n  bound_issuer = var.issuer\n}\n',
});

describe('an unknown issuer: a role is judged by its own claims', () => {
  const silent: [string, string[]][] = [
    [
      'GitLab: project_path and namespace_path (slash-shaped values), ref_protected',
      [
        'user_claim = "user_email"',
        'bound_audiences = ["https://vault.example.com"]',
        'bound_claims_type = "glob"',
        'bound_claims = { namespace_path = "acme/*", project_path = "acme/*", ref_protected = "true" }',
      ],
    ],
    [
      'GitLab: only claims GitHub has too (ref, ref_type), sub of the project_path shape',
      [
        'user_claim = "sub"',
        'bound_audiences = ["https://vault.example.com"]',
        'bound_claims = { ref = "main", ref_type = "branch" }',
      ],
    ],
    [
      'HCP Terraform: terraform_* claims',
      [
        'user_claim = "terraform_full_workspace"',
        'bound_audiences = ["vault.workload.identity"]',
        'bound_claims = { terraform_organization_name = "acme" }',
      ],
    ],
    [
      "Kubernetes: a JSON Pointer into the kubernetes.io claim (GitHub's claims are top-level)",
      [
        'user_claim = "/kubernetes.io/serviceaccount/name"',
        'user_claim_json_pointer = true',
        'bound_audiences = ["vault"]',
      ],
    ],
    [
      'Kubernetes: a bound pointer claim',
      ['user_claim = "sub"', 'bound_audiences = ["vault"]', 'bound_claims = { "/kubernetes.io/namespace" = "apps" }'],
    ],
    ['Nomad workload identity', ['user_claim = "nomad_job_id"', 'bound_audiences = ["vault.io"]']],
    [
      'Buildkite',
      ['user_claim = "sub"', 'bound_audiences = ["vault"]', 'bound_claims = { organization_slug = "acme" }'],
    ],
    [
      'CircleCI: sub of its org/…/project/… shape',
      ['user_claim = "sub"', 'bound_audiences = ["acme-org-id"]', 'bound_subject = "org/1234/project/5678/user/9"'],
    ],
    ['Azure: oid as the user claim', ['user_claim = "oid"', 'bound_audiences = ["api://vault"]']],
    ['nothing of any issuer: sub and an audience', ['user_claim = "sub"', 'bound_audiences = ["vault"]']],
  ];
  for (const [name, attributes] of silent)
    test(`${name}: no GitHub rule`, () => assert.deepEqual(repositoryCodes(lint(onUnknownIssuer(...attributes))), []));

  const github: [string, string[], string[]][] = [
    [
      "GitHub's default audience (an owner's URL on github.com)",
      ['user_claim = "sub"', 'bound_audiences = ["https://github.com/acme"]'],
      ['JWT_TRUST_ANY_REPOSITORY'],
    ],
    [
      'a claim only GitHub issues as the user claim',
      ['user_claim = "actor"', 'bound_audiences = ["vault"]'],
      ['JWT_TRUST_ANY_REPOSITORY'],
    ],
    [
      'job_workflow_ref bound, no repository',
      [
        'user_claim = "sub"',
        'bound_audiences = ["vault"]',
        'bound_claims = { job_workflow_ref = "acme/deploy/.github/workflows/d.yml@refs/heads/main" }',
      ],
      ['JWT_TRUST_ANY_REPOSITORY'],
    ],
    [
      "a sub of GitHub's repo: shape with an open owner",
      [
        'user_claim = "sub"',
        'bound_audiences = ["vault"]',
        'bound_claims_type = "glob"',
        'bound_claims = { sub = "repo:*" }',
      ],
      ['JWT_TRUST_WILDCARD_OWNER'],
    ],
    [
      'repository as a JSON Pointer key, a whole owner',
      [
        'user_claim = "sub"',
        'bound_audiences = ["vault"]',
        'bound_claims_type = "glob"',
        'bound_claims = { "/repository" = "acme/*" }',
      ],
      ['JWT_TRUST_NAME_WITHOUT_ID', 'JWT_TRUST_WHOLE_OWNER'],
    ],
  ];
  for (const [name, attributes, expected] of github)
    test(`${name}: GitHub's rules`, () =>
      assert.deepEqual(repositoryCodes(lint(onUnknownIssuer(...attributes))), expected));

  test('the claim table decides both ways', () => {
    assert.equal(hasGithubClaims({ bound_claims: { repository_owner: 'acme' } }), true);
    assert.equal(hasGithubClaims({ bound_claims: { environment: 'prod', ref: 'main' } }), false);
    assert.equal(hasGithubClaims({ bound_subject: 'repo:acme/app:ref:refs/heads/main' }), true);
    assert.equal(hasGithubClaims({ bound_claims_type: 'glob', bound_claims: { sub: '*' } }), false);
    assert.equal(hasGithubClaims({ bound_audiences: 'https://github.com/acme' }), true);
    assert.equal(mayBeGithubRole({ bound_claims: { project_path: 'acme/app' } }), false);
    assert.equal(mayBeGithubRole({ bound_claims: { 'oidc.circleci.com/project-id': 'p' } }), false);
    assert.equal(mayBeGithubRole({ bound_claims: { '/repository': 'acme/app' } }), true);
  });
});
