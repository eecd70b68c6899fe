// JWT role files (*.jwt-role.yaml) through lintText: the engine's own rules (JWT_ROLE_*) and the OIDC
// trust rules (JWT_TRUST_*), each with a clean and a faulty case, the finding on the exact field.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintText, trustContextOf, type TrustContext } from '@keyfob/shared/lint';

const GOOD = [
  'role_type: jwt',
  'user_claim: repository',
  'bound_audiences: [https://github.com/octo]',
  'bound_claims_type: glob',
  'bound_claims:',
  '  sub: repo:octo/app:ref:refs/heads/main',
  '  repository_id: "4242"',
  'token_policies: [deploy]',
  'token_ttl: 15m',
  '',
].join('\n');

/** GOOD with the line starting with `key` replaced (or removed when `line` is undefined). */
function changed(key: string, line?: string): string {
  return GOOD.split('\n')
    .flatMap((l) => (l.startsWith(key) ? (line === undefined ? [] : [line]) : [l]))
    .join('\n');
}

const pushFlow = {
  file: '.github/workflows/deploy.yml',
  text: 'on: push\njobs:\n  d:\n    steps:\n      - uses: octo/keyfob@v1\n        with:\n          jwt-audience: https://github.com/octo\n',
};
const prFlow = {
  file: '.github/workflows/pr.yml',
  text: 'on: [pull_request]\njobs:\n  t:\n    steps:\n      - uses: octo/keyfob@v1\n        with:\n          jwt-audience: https://github.com/octo\n',
};
const otherAudience = {
  file: '.github/workflows/sig.yml',
  text: 'on: push\njobs:\n  s:\n    steps:\n      - uses: octo/keyfob@v1\n        with:\n          jwt-audience: sigstore\n',
};
const deployPolicy = { file: 'deploy.policy.hcl', text: 'path "cloud/creds/deploy" { capabilities = ["read"] }\n' };
const adminPolicy = { file: 'admin.policy.hcl', text: 'path "auth/*" { capabilities = ["create", "update"] }\n' };

interface Case {
  readonly name: string;
  readonly text: string;
  readonly trust?: TrustContext;
  /** [code, line, column, covered text]; undefined = no problem at all. */
  readonly expected?: readonly [string, number, number, string];
}

const cases: readonly Case[] = [
  {
    name: 'a role pinned to one repository, with its workflows and policies',
    text: GOOD,
    trust: trustContextOf([deployPolicy], [pushFlow]),
  },
  // The engine's rules.
  {
    name: 'user_claim missing',
    text: changed('user_claim'),
    expected: ['JWT_ROLE_USER_CLAIM_REQUIRED', 1, 1, 'role_type'],
  },
  {
    name: 'role_type misspelt',
    text: changed('role_type', 'role_type: jtw'),
    expected: ['JWT_ROLE_INVALID_VALUE', 1, 12, 'jtw'],
  },
  {
    name: 'oidc without redirect URIs',
    text: changed('role_type', 'role_type: oidc'),
    expected: ['JWT_ROLE_REDIRECT_URIS_REQUIRED', 1, 12, 'oidc'],
  },
  {
    name: 'glob claims must be strings',
    text: changed('  repository_id', '  repository_id: 4242'),
    expected: ['JWT_ROLE_GLOB_NOT_STRING', 7, 18, '4242'],
  },
  {
    name: 'a number is fine as a string claim',
    text: changed('  repository_id', '  repository_id: 4242').replace(
      'bound_claims_type: glob',
      'bound_claims_type: string',
    ),
  },
  {
    name: 'token_ttl above token_max_ttl',
    text: `${GOOD}token_max_ttl: 10m\n`,
    expected: ['JWT_ROLE_TTL_ABOVE_MAX', 9, 12, '15m'],
  },
  {
    name: 'claim mapped to the reserved key role',
    text: `${GOOD}claim_mappings:\n  repository: role\n`,
    expected: ['JWT_ROLE_CLAIM_MAPPING_TARGET', 11, 15, 'role'],
  },
  {
    name: 'older field name',
    text: changed('token_policies', 'policies: [deploy]'),
    expected: ['JWT_ROLE_DEPRECATED_FIELD', 8, 1, 'policies'],
  },
  {
    name: 'unknown field with a suggestion',
    text: `${GOOD}bound_audience: x\n`,
    expected: ['FIELD_UNKNOWN', 10, 1, 'bound_audience'],
  },
  { name: 'a leeway of -1 turns it off', text: `${GOOD}clock_skew_leeway: -1\n` },
  {
    name: 'a day unit in token_ttl',
    text: changed('token_ttl', 'token_ttl: 1d'),
    expected: ['DURATION_BAD_UNIT', 9, 12, '1d'],
  },
  // The OIDC trust rules.
  {
    name: 'no binding on the repository',
    text: GOOD.replace(/ {2}sub: .*\n {2}repository_id: .*\n/, '  ref: refs/heads/main\n'),
    expected: ['JWT_TRUST_ANY_REPOSITORY', 5, 1, 'bound_claims'],
  },
  {
    name: 'an open owner in a glob',
    text: changed('  sub', '  sub: repo:*'),
    expected: ['JWT_TRUST_WILDCARD_OWNER', 6, 8, 'repo:*'],
  },
  {
    name: 'every repository of the owner',
    text: changed('  sub', '  sub: repo:octo/*'),
    expected: ['JWT_TRUST_WHOLE_OWNER', 6, 8, 'repo:octo/*'],
  },
  {
    name: 'no audience',
    text: changed('bound_audiences', 'bound_audiences: []'),
    expected: ['JWT_TRUST_NO_AUDIENCE', 3, 1, 'bound_audiences'],
  },
  {
    name: "audience differs from the workflows' jwt-audience",
    text: GOOD,
    trust: trustContextOf([], [pushFlow, otherAudience]),
    expected: ['JWT_TRUST_AUDIENCE_MISMATCH', 3, 18, '[https://github.com/octo]'],
  },
  {
    name: 'branch sub with a pull_request workflow',
    text: GOOD,
    trust: trustContextOf([], [prFlow]),
    expected: ['JWT_TRUST_BRANCH_SUB_PULL_REQUEST', 6, 8, 'repo:octo/app:ref:refs/heads/main'],
  },
  {
    name: 'role_type omitted',
    text: changed('role_type'),
    expected: ['JWT_TRUST_ROLE_TYPE_OMITTED', 1, 1, 'user_claim'],
  },
  {
    // An OIDC role for people: role_type left to the engine's default (oidc) with redirect URIs is
    // right, and no repository binding is asked of it (GitHub's tokens cannot log in with it).
    name: 'an OIDC role with allowed_redirect_uris and role_type omitted',
    text: 'user_claim: email\nbound_audiences: [vault]\nallowed_redirect_uris: [http://localhost:8250/oidc/callback]\noidc_scopes: [profile]\n',
  },
  {
    name: 'role_type oidc without allowed_redirect_uris is the engine rule, not the trust rules',
    text: changed('role_type', 'role_type: oidc'),
    expected: ['JWT_ROLE_REDIRECT_URIS_REQUIRED', 1, 12, 'oidc'],
  },
  {
    name: 'a policy that reaches auth/*',
    text: changed('token_policies', 'token_policies: [deploy, admin]'),
    trust: trustContextOf([deployPolicy, adminPolicy], []),
    expected: ['JWT_TRUST_POLICY_REACHES_TRUST', 8, 26, 'admin'],
  },
];

describe('JWT role files', () => {
  for (const c of cases) {
    test(c.name, () => {
      const result = lintText(c.text, { fileName: 'deploy.jwt-role.yaml', ...(c.trust ? { trust: c.trust } : {}) });
      assert.deepEqual(
        result.documents.map((d) => [d.kind, d.name]),
        [['jwt-role', 'deploy']],
      );
      const got = result.problems.map((p) => [
        p.code,
        p.range?.startLine,
        p.range?.startColumn,
        c.text.slice(p.range?.start, p.range?.end),
      ]);
      assert.deepEqual(got, c.expected ? [c.expected] : []);
    });
  }

  test('a JSON JWT role is read the same way', () => {
    const result = lintText(
      '{"role_type": "jwt", "user_claim": "sub", "bound_audiences": ["sts"], "bound_subject": "repo:octo/app:environment:prod", "bound_claims": {"repository_id": "4242"}}',
      { fileName: 'prod.jwt-role.json' },
    );
    assert.deepEqual(result.problems, []);
  });
});
