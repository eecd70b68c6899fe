// "Who can get what" tables: the logins a JWT role admits (bound_subject, bound_claims, string and
// glob), what its policies reach through the engine's ACL (exact, `*`, `+`, deny, root, default),
// the reverse per role, and the three renderings.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  buildAccessReport,
  describeLogins,
  loginsText,
  renderAccessMarkdown,
  renderAccessText,
  type AccessInputs,
} from '../../src/access/index.ts';
import { readJwtRole, type JwtRole } from '../../src/jwt-roles/index.ts';
import { readPolicy, type AclPolicy } from '../../src/policies/index.ts';

const base = { role_type: 'jwt', user_claim: 'repository', bound_audiences: ['https://github.com/octo-org'] };

function jwtRole(extra: Record<string, unknown>): JwtRole {
  const read = readJwtRole({ ...base, ...extra });
  assert.deepEqual(read.errors, []);
  return read.role as JwtRole;
}

function policy(name: string, text: string): AclPolicy {
  const read = readPolicy(text, name);
  assert.equal(read.problems.length, 0, JSON.stringify(read.problems));
  return read.value as AclPolicy;
}

describe('describeLogins: who can log in, from the bindings', () => {
  const cases: readonly {
    name: string;
    role: Record<string, unknown>;
    expected: readonly (readonly [string, string, string, string])[];
  }[] = [
    {
      name: 'exact branch sub',
      role: { bound_subject: 'repo:octo-org/app:ref:refs/heads/main' },
      expected: [['octo-org/app', 'branch main', 'no environment', 'any event']],
    },
    {
      name: 'environment sub',
      role: { bound_subject: 'repo:octo-org/app:environment:prod' },
      expected: [['octo-org/app', 'any ref', 'prod', 'any event']],
    },
    {
      name: 'pull request sub',
      role: { bound_subject: 'repo:octo-org/app:pull_request' },
      expected: [['octo-org/app', 'refs matching refs/pull/*/merge', 'no environment', 'pull_request']],
    },
    {
      name: 'owner-wide glob',
      role: { bound_claims_type: 'glob', bound_claims: { sub: 'repo:octo-org/*' } },
      expected: [['any repository of owner octo-org', 'any ref', 'any environment or none', 'any event']],
    },
    {
      name: 'open owner glob',
      role: { bound_claims_type: 'glob', bound_claims: { sub: 'repo:octo*' } },
      expected: [
        [
          "repositories matching octo*/* (the owner is open: other owners' repositories match)",
          'any ref',
          'any environment or none',
          'any event',
        ],
      ],
    },
    {
      name: 'any branch of one repository',
      role: { bound_claims_type: 'glob', bound_claims: { sub: 'repo:octo-org/app:ref:refs/heads/*' } },
      expected: [['octo-org/app', 'any branch', 'no environment', 'any event']],
    },
    {
      name: 'tags by glob on the ref claim',
      role: { bound_claims_type: 'glob', bound_claims: { repository: 'octo-org/app', ref: 'refs/tags/v*' } },
      expected: [['octo-org/app', 'tags matching v*', 'any environment or none', 'any event']],
    },
    {
      name: 'no binding at all',
      role: {},
      expected: [['any repository', 'any ref', 'any environment or none', 'any event']],
    },
    {
      name: 'owner claim',
      role: { bound_claims: { repository_owner: 'octo-org', environment: ['prod', 'staging'] } },
      expected: [['any repository of owner octo-org', 'any ref', 'prod or staging', 'any event']],
    },
    {
      name: 'a * is literal with string claims',
      role: { bound_claims: { repository: 'octo-org/*' } },
      expected: [['octo-org/*', 'any ref', 'any environment or none', 'any event']],
    },
    {
      name: 'one path per sub value',
      role: { bound_claims: { sub: ['repo:octo-org/app:environment:prod', 'repo:octo-org/web:ref:refs/tags/v1'] } },
      expected: [
        ['octo-org/app', 'any ref', 'prod', 'any event'],
        ['octo-org/web', 'tag v1', 'no environment', 'any event'],
      ],
    },
    {
      name: 'sub and repository claims that contradict',
      role: { bound_subject: 'repo:octo-org/app:ref:refs/heads/main', bound_claims: { repository: 'octo-org/web' } },
      expected: [['no repository (its bindings contradict each other)', 'branch main', 'no environment', 'any event']],
    },
    {
      name: 'glob sub narrowed by an exact repository',
      role: { bound_claims_type: 'glob', bound_claims: { sub: 'repo:octo-org/*', repository: 'octo-org/app' } },
      expected: [['octo-org/app', 'any ref', 'any environment or none', 'any event']],
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const logins = describeLogins(jwtRole(c.role));
      assert.deepEqual(
        logins.map((l) => [l.repository.text, l.ref.text, l.environment.text, l.event.text]),
        c.expected,
      );
    });
  }
  test('the repository id pins the repository when no name is bound', () => {
    const [login] = describeLogins(jwtRole({ bound_claims: { repository_id: '4242' } }));
    assert.equal(login?.repository.text, 'the repository with id 4242');
    assert.equal(login?.repository.unbound, false);
  });
  test('token_bound_cidrs: the addresses logins may come from, said in words', () => {
    const role = jwtRole({
      bound_subject: 'repo:octo-org/app:ref:refs/heads/main',
      token_bound_cidrs: ['10.0.0.0/8', '::1'],
    });
    const logins = describeLogins(role);
    assert.deepEqual(logins[0]?.sourceAddresses, ['10.0.0.0/8', '::1']);
    assert.equal(loginsText({ logins }), 'octo-org/app, branch main, no environment, from 10.0.0.0/8 or ::1 only');
    assert.equal(describeLogins(jwtRole({ bound_subject: 'repo:a/b:pull_request' }))[0]?.sourceAddresses, undefined);
  });
  test('a bound_subject no sub claim value admits: no login at all', () => {
    const [login] = describeLogins(
      jwtRole({ bound_subject: 'repo:a/b:pull_request', bound_claims_type: 'glob', bound_claims: { sub: 'repo:c/*' } }),
    );
    assert.equal(login?.repository.impossible, true);
  });
});

function inputs(over: Partial<AccessInputs> = {}): AccessInputs {
  return {
    mount: 'cloud',
    jwtMount: 'jwt',
    jwtRoles: new Map(),
    policies: new Map(),
    roles: ['deploy', 'reports'],
    staticRoles: ['backup'],
    ...over,
  };
}

function reachOf(policies: Record<string, string>, tokenPolicies: readonly string[]): Record<string, string> {
  const report = buildAccessReport(
    inputs({
      policies: new Map(Object.entries(policies).map(([n, t]) => [n, policy(n, t)])),
      jwtRoles: new Map([
        [
          'ci',
          {
            role: jwtRole({ bound_subject: 'repo:octo-org/app:ref:refs/heads/main', token_policies: tokenPolicies }),
            params: {},
          },
        ],
      ]),
    }),
  );
  return Object.fromEntries((report.jwtRoles[0]?.reach ?? []).map((r) => [r.path, r.capabilities.join(',')]));
}

function rootEverywhere(): Record<string, string> {
  const mountPaths = [
    'creds/deploy',
    'sts/deploy',
    'creds/reports',
    'sts/reports',
    'creds/*',
    'sts/*',
    'static-creds/backup',
    'static-creds/*',
    'config/rotate-root',
    'rotate-role/backup',
    'rotate-role/*',
    'config/root',
    'config/lease',
    'roles/deploy',
    'roles/reports',
    'roles/*',
    'static-roles/backup',
    'static-roles/*',
  ];
  const out: Record<string, string> = {};
  for (const p of mountPaths) out[`cloud/${p}`] = 'root';
  for (const p of ['auth/jwt/config', 'auth/jwt/role/*', 'sys/policies/acl/*', 'auth/token/create']) out[p] = 'root';
  return out;
}

describe('buildAccessReport: what the login token reaches, by the engine ACL', () => {
  const cases: readonly {
    name: string;
    policies: Record<string, string>;
    token: readonly string[];
    expected: Record<string, string>;
  }[] = [
    {
      name: 'one exact credential path',
      policies: { deploy: 'path "cloud/sts/deploy" { capabilities = ["read", "update"] }' },
      token: ['deploy'],
      expected: { 'cloud/sts/deploy': 'read,update' },
    },
    {
      name: 'a prefix glob reaches every role and any later one',
      policies: { all: 'path "cloud/creds/*" { capabilities = ["read"] }' },
      token: ['all'],
      expected: { 'cloud/creds/deploy': 'read', 'cloud/creds/reports': 'read', 'cloud/creds/*': 'read' },
    },
    {
      name: 'an exact deny beats the glob grant',
      policies: {
        all: 'path "cloud/creds/*" { capabilities = ["read"] }',
        no: 'path "cloud/creds/reports" { capabilities = ["deny"] }',
      },
      token: ['all', 'no'],
      expected: { 'cloud/creds/deploy': 'read', 'cloud/creds/*': 'read' },
    },
    {
      name: 'a + segment reaches static credentials and rotation of every static role',
      policies: { ops: 'path "cloud/+/backup" { capabilities = ["read", "update"] }' },
      token: ['ops'],
      expected: {
        'cloud/static-creds/backup': 'read,update',
        'cloud/rotate-role/backup': 'read,update',
        'cloud/static-roles/backup': 'read,update',
      },
    },
    { name: 'a policy the inputs lack grants nothing', policies: {}, token: ['ghost'], expected: {} },
    {
      name: 'root reaches everything',
      policies: {},
      token: ['root'],
      expected: rootEverywhere(),
    },
    {
      name: 'auth/* reaches the trust',
      policies: { bad: 'path "auth/*" { capabilities = ["update"] }' },
      token: ['bad'],
      expected: { 'auth/jwt/config': 'update', 'auth/jwt/role/*': 'update', 'auth/token/create': 'update' },
    },
  ];
  for (const c of cases) test(c.name, () => assert.deepEqual(reachOf(c.policies, c.token), c.expected));

  test('policies: token_policies plus default, sanitised; grantedBy and the deciding rule', () => {
    const report = buildAccessReport(
      inputs({
        policies: new Map([['deploy', policy('deploy', 'path "cloud/sts/+" { capabilities = ["update"] }')]]),
        jwtRoles: new Map([
          [
            'ci',
            {
              role: jwtRole({ bound_subject: 'repo:o/r:ref:refs/heads/main', token_policies: [' Deploy', 'ghost'] }),
              params: {},
            },
          ],
        ]),
      }),
    );
    const role = report.jwtRoles[0];
    assert.deepEqual(role?.policies, ['default', 'deploy', 'ghost']);
    assert.deepEqual(role?.missingPolicies, ['ghost']);
    assert.deepEqual(
      role?.reach.find((r) => r.path === 'cloud/sts/deploy'),
      {
        kind: 'credentials',
        target: 'deploy',
        path: 'cloud/sts/deploy',
        capabilities: ['update'],
        grantedBy: ['deploy'],
        rule: 'cloud/sts/+',
      },
    );
  });

  test('without role names the names written in the policies are asked about', () => {
    const report = buildAccessReport(
      inputs({
        roles: undefined,
        staticRoles: undefined,
        policies: new Map([
          [
            'p',
            policy(
              'p',
              'path "cloud/creds/app" { capabilities = ["read"] }\npath "cloud/static-creds/db" { capabilities = ["read"] }',
            ),
          ],
        ]),
      }),
    );
    assert.deepEqual(
      report.targets.map((t) => `${t.kind}:${t.name}:${t.policies.join(',')}`),
      ['credentials:app:p', 'credentials:*:', 'static-credentials:db:p', 'static-credentials:*:'],
    );
  });
});

describe('the reverse and the renderings', () => {
  const report = buildAccessReport(
    inputs({
      policies: new Map([
        ['deploy', policy('deploy', 'path "cloud/sts/deploy" { capabilities = ["read", "update"] }')],
        ['ops', policy('ops', 'path "cloud/*" { capabilities = ["read", "update"] }')],
      ]),
      jwtRoles: new Map([
        [
          'deploy',
          {
            role: jwtRole({ bound_subject: 'repo:octo-org/app:ref:refs/heads/main', token_policies: ['deploy'] }),
            params: { ...base, bound_subject: 'repo:octo-org/app:ref:refs/heads/main', token_policies: ['deploy'] },
          },
        ],
        [
          'org|wide',
          {
            role: jwtRole({
              bound_claims_type: 'glob',
              bound_claims: { sub: 'repo:octo-org/*' },
              token_policies: ['ops'],
            }),
            params: {
              ...base,
              bound_claims_type: 'glob',
              bound_claims: { sub: 'repo:octo-org/*' },
              token_policies: ['ops'],
            },
          },
        ],
      ]),
    }),
  );
  test('every login path that reaches a credential role', () => {
    const deploy = report.targets.find((t) => t.kind === 'credentials' && t.name === 'deploy');
    assert.deepEqual(
      deploy?.logins.map((l) => l.jwtRole),
      ['deploy', 'org|wide'],
    );
    assert.deepEqual(deploy?.policies, ['deploy', 'ops']);
    const reports = report.targets.find((t) => t.kind === 'credentials' && t.name === 'reports');
    assert.deepEqual(
      reports?.logins.map((l) => l.jwtRole),
      ['org|wide'],
    );
  });
  test('the trust rules flag the owner-wide role', () => {
    assert.deepEqual(
      report.jwtRoles.find((r) => r.name === 'org|wide')?.trust.map((p) => p.code),
      ['JWT_TRUST_WHOLE_OWNER', 'JWT_TRUST_NAME_WITHOUT_ID'],
    );
    // Bound by name only: a note (info), not a warning.
    assert.deepEqual(
      report.jwtRoles.find((r) => r.name === 'deploy')?.trust.map((p) => [p.code, p.severity]),
      [['JWT_TRUST_NAME_WITHOUT_ID', 'info']],
    );
  });
  test('text', () => {
    const text = renderAccessText(report);
    assert.match(text, /JWT role deploy\n {2}who can log in: octo-org\/app, branch main, no environment\n/);
    assert.match(text, /credentials: deploy \(sts: read, update\)\n/);
    assert.match(text, /Credential role reports\n {2}JWT role org\|wide: any repository of owner octo-org/);
  });
  test('Markdown: one row per JWT role, pipes escaped', () => {
    const md = renderAccessMarkdown(report);
    const rows = md.split('\n').filter((l) => l.startsWith('| '));
    assert.ok(
      rows.some((r) =>
        r.startsWith(
          '| deploy | octo-org/app, branch main, no environment | default, deploy | deploy (sts: read, update) |',
        ),
      ),
      md,
    );
    assert.ok(
      rows.some((r) =>
        r.startsWith('| org\\|wide | any repository of owner octo-org, any ref, environment or event |'),
      ),
      md,
    );
    const columns = (row: string): number => row.split(/(?<!\\)\|/).length - 2;
    const [jwtTable, roleTable] = md.split('\n\n').slice(1);
    assert.deepEqual(
      [
        ...new Set(
          jwtTable
            ?.split('\n')
            .filter((r) => r !== '')
            .map(columns),
        ),
      ],
      [8],
    );
    assert.deepEqual(
      [
        ...new Set(
          roleTable
            ?.split('\n')
            .filter((r) => r !== '')
            .map(columns),
        ),
      ],
      [4],
    );
  });
});
