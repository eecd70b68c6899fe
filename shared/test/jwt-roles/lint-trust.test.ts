// The OIDC trust rules: each with a role that passes and one that draws the code, at the field at fault.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintJwtTrust, readWorkflowFacts, type TrustContext } from '../../src/jwt-roles/index.ts';
import { readPolicy, type AclPolicy } from '../../src/policies/index.ts';

const good = {
  role_type: 'jwt',
  user_claim: 'repository',
  bound_audiences: ['https://github.com/octo'],
  bound_claims_type: 'glob',
  bound_claims: { sub: 'repo:octo/app:ref:refs/heads/main', repository_id: '4242' },
  token_policies: ['deploy'],
};

function policies(entries: Record<string, string>): ReadonlyMap<string, AclPolicy> {
  return new Map(Object.entries(entries).map(([name, text]) => [name, readPolicy(text, name).value as AclPolicy]));
}

const deployOnly = policies({ deploy: 'path "cloud/creds/deploy" { capabilities = ["read"] }' });
const pushWorkflow = readWorkflowFacts(
  'on: push\njobs:\n  d:\n    steps:\n      - uses: octo/keyfob@v1\n        with:\n          jwt-audience: https://github.com/octo\n',
  '.github/workflows/deploy.yml',
);
const prWorkflow = readWorkflowFacts(
  'on:\n  pull_request:\n    branches: [main]\njobs:\n  t:\n    steps:\n      - uses: octo/keyfob@v1\n        with:\n          jwt-audience: sigstore\n',
  '.github/workflows/pr.yml',
);

interface Case {
  readonly name: string;
  readonly role: Record<string, unknown>;
  readonly context?: TrustContext;
  /** The code and path expected; undefined = no problem at all. */
  readonly expected?: readonly [string, string];
}

const cases: readonly Case[] = [
  {
    name: 'a role pinned to one repository passes',
    role: good,
    context: { policies: deployOnly, workflows: [pushWorkflow] },
  },
  {
    name: 'only an audience: any repository',
    role: { ...good, bound_claims: undefined, bound_claims_type: undefined },
    expected: ['JWT_TRUST_ANY_REPOSITORY', '/bound_claims'],
  },
  {
    // The engine accepts a role bound only by CIDR; the trust is still open to every repository.
    name: 'only bound CIDRs and an audience: any repository',
    role: { ...good, bound_claims: undefined, bound_claims_type: undefined, token_bound_cidrs: ['10.0.0.0/8'] },
    expected: ['JWT_TRUST_ANY_REPOSITORY', '/bound_claims'],
  },
  {
    name: 'only non-pinning claims: any repository',
    role: { ...good, bound_claims: { ref: 'refs/heads/main' } },
    expected: ['JWT_TRUST_ANY_REPOSITORY', '/bound_claims'],
  },
  {
    name: 'bound_subject pins (by name: the id binding is missing)',
    role: { ...good, bound_claims: undefined, bound_subject: 'repo:octo/app:environment:prod' },
    expected: ['JWT_TRUST_NAME_WITHOUT_ID', '/bound_subject'],
  },
  {
    name: 'glob repo:* leaves the owner open',
    role: { ...good, bound_claims: { sub: 'repo:*' } },
    expected: ['JWT_TRUST_WILDCARD_OWNER', '/bound_claims/sub'],
  },
  {
    name: 'glob repo:octo* matches octo-evil',
    role: { ...good, bound_claims: { sub: ['repo:octo/app:*', 'repo:octo*'], repository_id: '4242' } },
    expected: ['JWT_TRUST_WILDCARD_OWNER', '/bound_claims/sub/1'],
  },
  {
    name: 'glob */app for repository',
    role: { ...good, bound_claims: { repository: '*/app' } },
    expected: ['JWT_TRUST_WILDCARD_OWNER', '/bound_claims/repository'],
  },
  {
    name: 'the same text as a string binding is literal, not a glob: no open owner, but it never matches',
    role: { ...good, bound_claims_type: 'string', bound_claims: { sub: 'repo:*' } },
    expected: ['JWT_TRUST_LITERAL_GLOB', '/bound_claims/sub'],
  },
  {
    name: 'glob repo:octo/* admits every repository of the owner',
    role: { ...good, bound_claims: { sub: 'repo:octo/*', repository_owner_id: '99' } },
    expected: ['JWT_TRUST_WHOLE_OWNER', '/bound_claims/sub'],
  },
  {
    name: 'no audience',
    role: { ...good, bound_audiences: [] },
    expected: ['JWT_TRUST_NO_AUDIENCE', '/bound_audiences'],
  },
  {
    name: "audience differs from the workflows' jwt-audience",
    role: good,
    context: { workflows: [{ ...pushWorkflow, audiences: ['sigstore'] }] },
    expected: ['JWT_TRUST_AUDIENCE_MISMATCH', '/bound_audiences'],
  },
  {
    name: 'branch sub while a workflow runs on pull_request',
    role: { ...good, bound_audiences: ['sigstore'] },
    context: { workflows: [prWorkflow] },
    expected: ['JWT_TRUST_BRANCH_SUB_PULL_REQUEST', '/bound_claims/sub'],
  },
  { name: 'branch sub with push workflows only passes', role: good, context: { workflows: [pushWorkflow] } },
  {
    name: 'role_type omitted',
    role: { ...good, role_type: undefined },
    expected: ['JWT_TRUST_ROLE_TYPE_OMITTED', '/role_type'],
  },
  {
    // An OIDC role for people (Okta groups): GitHub's tokens cannot log in with role_type oidc.
    name: 'an OIDC role (role_type oidc) unbound to a repository passes',
    role: {
      role_type: 'oidc',
      user_claim: 'sub',
      groups_claim: 'groups',
      bound_audiences: ['0oa1example'],
      allowed_redirect_uris: ['http://localhost:8250/oidc/callback'],
      oidc_scopes: ['groups'],
      token_policies: ['default'],
    },
  },
  {
    // role_type left to the engine's default (oidc) on a role that sets OIDC-only fields is right.
    name: 'role_type omitted on a role with allowed_redirect_uris passes',
    role: {
      user_claim: 'email',
      allowed_redirect_uris: ['https://vault.example.com/ui/vault/auth/oidc/oidc/callback'],
    },
  },
  {
    name: 'role_type omitted with oidc_scopes only passes',
    role: { user_claim: 'email', oidc_scopes: ['profile'] },
  },
  {
    // An empty list sets nothing: the engine stores an oidc role with no redirect URI and refuses it.
    name: 'role_type omitted with an empty allowed_redirect_uris is still omitted',
    role: { ...good, role_type: undefined, allowed_redirect_uris: [] },
    expected: ['JWT_TRUST_ROLE_TYPE_OMITTED', '/role_type'],
  },
  {
    name: 'role_type jwt with redirect URIs is still a JWT role',
    role: { ...good, bound_claims: {}, allowed_redirect_uris: ['http://localhost:8250/oidc/callback'] },
    expected: ['JWT_TRUST_ANY_REPOSITORY', '/bound_claims'],
  },
  {
    name: 'a policy reaching auth/*',
    role: { ...good, token_policies: ['deploy', 'admin'] },
    context: {
      policies: policies({
        deploy: 'path "cloud/*" { capabilities = ["read"] }',
        admin: 'path "auth/*" { capabilities = ["update"] }',
      }),
    },
    expected: ['JWT_TRUST_POLICY_REACHES_TRUST', '/token_policies/1'],
  },
  {
    name: 'a policy reaching sys/policies via *',
    role: { ...good, token_policies: ['all'] },
    context: { policies: policies({ all: 'path "*" { capabilities = ["create", "update"] }' }) },
    expected: ['JWT_TRUST_POLICY_REACHES_TRUST', '/token_policies/0'],
  },
  {
    name: 'the root policy',
    role: { ...good, token_policies: ['root'] },
    context: { policies: deployOnly },
    expected: ['JWT_TRUST_POLICY_REACHES_TRUST', '/token_policies/0'],
  },
];

describe('lintJwtTrust', () => {
  for (const c of cases) {
    test(c.name, () => {
      const role = Object.fromEntries(Object.entries(c.role).filter(([, v]) => v !== undefined));
      const problems = lintJwtTrust(role, c.context);
      if (!c.expected) return assert.deepEqual(problems, []);
      assert.deepEqual(
        problems.map((p) => [p.code, p.path]),
        [c.expected],
      );
    });
  }
});

test('a CIDR-only binding is named as no repository binding', () => {
  const [problem] = lintJwtTrust({ role_type: 'jwt', user_claim: 'sub', bound_cidrs: '192.0.2.0/24' });
  assert.equal(problem?.code, 'JWT_TRUST_ANY_REPOSITORY');
  assert.match(problem.message, /token_bound_cidrs limits the addresses, not the repositories/);
});

describe('readWorkflowFacts', () => {
  test('events as a string, a list or a map; every jwt-audience input', () => {
    assert.deepEqual([pushWorkflow.events, pushWorkflow.audiences], [['push'], ['https://github.com/octo']]);
    assert.deepEqual(prWorkflow.events, ['pull_request']);
    assert.deepEqual(readWorkflowFacts('on: [push, pull_request]\n', 'w.yml').events, ['push', 'pull_request']);
  });
  test('text that is not a workflow gives no facts', () => {
    assert.deepEqual(readWorkflowFacts(': [', 'bad.yml'), { file: 'bad.yml', events: [], audiences: [] });
  });
});
