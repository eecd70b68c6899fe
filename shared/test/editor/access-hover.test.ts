// Hover over a JWT role or a policy path: the same answer as `keyfob access`, for that role or rule.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildAccessReport } from '../../src/access/index.ts';
import { jwtRoleHover, policyPathHover } from '../../src/editor/index.ts';
import { readJwtRole, type JwtRole } from '../../src/jwt-roles/index.ts';
import { readPolicy, type AclPolicy } from '../../src/policies/index.ts';

const jwt = (params: Record<string, unknown>) => ({
  role: readJwtRole({ role_type: 'jwt', user_claim: 'repository', bound_audiences: ['keyfob'], ...params })
    .role as JwtRole,
  params: {},
});
const policy = (name: string, text: string) => readPolicy(text, name).value as AclPolicy;

const report = buildAccessReport({
  mount: 'cloud',
  jwtMount: 'jwt',
  roles: ['deploy', 'reports'],
  staticRoles: [],
  policies: new Map([
    [
      'deploy',
      policy(
        'deploy',
        'path "cloud/sts/deploy" { capabilities = ["read", "update"] }\npath "cloud/creds/*" { capabilities = ["read"] }\npath "cloud/creds/reports" { capabilities = ["deny"] }',
      ),
    ],
    ['ops', policy('ops', 'path "cloud/config/*" { capabilities = ["read"] }')],
  ]),
  jwtRoles: new Map([
    ['gh-deploy', jwt({ bound_subject: 'repo:octo/app:ref:refs/heads/main', token_policies: ['deploy'] })],
    [
      'gh-ops',
      jwt({ bound_claims_type: 'glob', bound_claims: { sub: 'repo:octo/*' }, token_policies: ['ops', 'deploy'] }),
    ],
  ]),
});

describe('jwtRoleHover', () => {
  const cases: readonly { name: string; role: string; lines: readonly string[] }[] = [
    {
      name: 'a role bound to one branch',
      role: 'gh-deploy',
      lines: [
        '**JWT role `gh-deploy`** (who can get what)',
        '- who can log in: octo/app, branch main, no environment',
        '- policies: default, deploy',
        '- credentials: deploy (creds: read; sts: read, update), any other name (*) (creds: read)',
        '- configuration: none',
      ],
    },
    {
      name: 'an owner-wide role',
      role: 'gh-ops',
      lines: [
        '- who can log in: any repository of owner octo, any ref, environment or event',
        '- rotations: root (read)',
        '- configuration: config/root (read), config/lease (read)',
      ],
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const markdown = jwtRoleHover(report, c.role) ?? '';
      for (const line of c.lines) assert.ok(markdown.split('\n').includes(line), `${line}\nin\n${markdown}`);
    });
  }
  test('an unknown role has no hover', () => assert.equal(jwtRoleHover(report, 'nope'), undefined));
});

describe('policyPathHover', () => {
  const cases: readonly { name: string; policy: string; path: string; lines: readonly string[] }[] = [
    {
      name: 'an exact rule',
      policy: 'deploy',
      path: 'cloud/sts/deploy',
      lines: ['- JWT role `gh-deploy` (octo/app, branch main, no environment): `cloud/sts/deploy` (read, update)'],
    },
    {
      name: 'a glob rule, minus what a narrower deny takes away',
      policy: 'deploy',
      path: 'cloud/creds/*',
      lines: [
        '- JWT role `gh-deploy` (octo/app, branch main, no environment): `cloud/creds/deploy` (read), `cloud/creds/*` (read)',
      ],
    },
    {
      name: 'a deny rule reaches nothing',
      policy: 'deploy',
      path: '/cloud/creds/reports',
      lines: [
        '**Path `cloud/creds/reports` of policy `deploy`** (who can get what)',
        '- JWT role `gh-deploy` (octo/app, branch main, no environment): nothing through this rule',
      ],
    },
    {
      name: 'a policy no JWT role holds',
      policy: 'unused',
      path: 'cloud/*',
      lines: ["- no JWT role's login token holds `unused`"],
    },
    {
      name: 'several holders',
      policy: 'ops',
      path: 'cloud/config/*',
      lines: [
        '- JWT role `gh-ops` (any repository of owner octo, any ref, environment or event): `cloud/config/rotate-root` (read), `cloud/config/root` (read), `cloud/config/lease` (read)',
      ],
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const markdown = policyPathHover(report, c.policy, c.path);
      for (const line of c.lines) assert.ok(markdown.split('\n').includes(line), `${line}\nin\n${markdown}`);
    });
  }
});

describe('outside text in the hovers', () => {
  test('a backtick or a line break in a name cannot break out of its code span', () => {
    const markdown = policyPathHover(report, 'de`ploy\n# injected', 'cloud/`x`');
    const [title] = markdown.split('\n');
    assert.equal(title, "**Path `cloud/'x'` of policy `de'ploy # injected`** (who can get what)");
    assert.doesNotMatch(markdown, /^# injected/m);
  });
});
