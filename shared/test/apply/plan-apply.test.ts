import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planApply } from '../../src/apply/plan-apply.ts';
import { current, desired, remoteRole, remoteStatic, role, staticRole } from './fixtures.ts';

const deploy = role({
  credential_type: 'assumed_role',
  role_arns: 'arn:aws:iam::123456789012:role/deploy',
  default_sts_ttl: '15m',
});
const reader = role({
  credential_type: 'iam_user',
  policy_arns: ['arn:aws:iam::aws:policy/ReadOnlyAccess'],
  iam_groups: ['b', 'a'],
});
const deployRemote = remoteRole('deploy', {
  credentialTypes: ['assumed_role'],
  roleArns: ['arn:aws:iam::123456789012:role/deploy'],
  defaultStsTtl: 900,
});

describe('planApply', () => {
  const cases = [
    {
      name: 'creates a missing role with the fields it sets',
      desired: desired({ deploy }),
      current: current([]),
      expected: [{ op: 'create', name: 'deploy', fields: ['credential_type', 'role_arns', 'default_sts_ttl'] }],
    },
    {
      name: 'leaves a matching role alone (empties and order do not count)',
      desired: desired({ deploy, reader }),
      current: current([
        deployRemote,
        remoteRole('reader', {
          policyArns: ['arn:aws:iam::aws:policy/ReadOnlyAccess'],
          iamGroups: ['a', 'b'],
          userPath: '/',
        }),
      ]),
      expected: [
        { op: 'unchanged', name: 'deploy', fields: [] },
        { op: 'unchanged', name: 'reader', fields: [] },
      ],
    },
    {
      name: 'updates a changed field',
      desired: desired({ deploy }),
      current: current([{ ...deployRemote, defaultStsTtl: 3600 }]),
      expected: [{ op: 'update', name: 'deploy', fields: ['default_sts_ttl'] }],
    },
    {
      name: 'replaces when a field must be cleared',
      desired: desired({ deploy }),
      current: current([{ ...deployRemote, externalId: 'old-id' }]),
      expected: [{ op: 'replace', name: 'deploy', fields: ['external_id'] }],
    },
    {
      name: 'compares policy documents as JSON',
      desired: desired({
        p: role({ credential_type: 'iam_user', policy_document: '{"Version":"2012-10-17","Statement":[]}' }),
      }),
      current: current([remoteRole('p', { policyDocument: '{ "Statement": [], "Version": "2012-10-17" }' })]),
      expected: [{ op: 'unchanged', name: 'p', fields: [] }],
    },
    {
      name: 'prunes roles no file declares, only when listed',
      desired: desired({ deploy }),
      current: current([deployRemote], [], { roles: ['deploy', 'stale', 'another'] }),
      prune: true,
      expected: [
        { op: 'unchanged', name: 'deploy', fields: [] },
        { op: 'delete', name: 'another', fields: [] },
        { op: 'delete', name: 'stale', fields: [] },
      ],
    },
    {
      name: 'creates a static role',
      desired: desired({}, { backup: staticRole({ username: 'backup-user', rotation_period: '24h' }) }),
      current: current([]),
      expected: [{ op: 'create', name: 'backup', fields: ['username', 'rotation_period'] }],
    },
    {
      name: 'updates a static role period',
      desired: desired({}, { backup: staticRole({ username: 'backup-user', rotation_period: '12h' }) }),
      current: current([], [remoteStatic('backup', 'backup-user', 86400)]),
      expected: [{ op: 'update', name: 'backup', fields: ['rotation_period'] }],
    },
    {
      name: 'replaces a static role that moves to another user',
      desired: desired({}, { backup: staticRole({ username: 'new-user', rotation_period: '24h' }) }),
      current: current([], [remoteStatic('backup', 'old-user', 86400)]),
      expected: [{ op: 'replace', name: 'backup', fields: ['username'] }],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const plan = planApply(c.desired, c.current, { prune: c.prune ?? false });
      assert.deepEqual(
        plan.steps.map((s) => ({ op: s.op, name: s.name, fields: s.fields })),
        c.expected,
      );
      assert.equal(
        plan.changed,
        c.expected.some((s) => s.op !== 'unchanged'),
      );
    });
  }

  it("writes durations as strings and keeps the file's fields in the body", () => {
    const plan = planApply(desired({ deploy }), current([]), { prune: false });
    assert.deepEqual(plan.steps[0]?.body, {
      credential_type: 'assumed_role',
      role_arns: ['arn:aws:iam::123456789012:role/deploy'],
      default_sts_ttl: '15m0s',
    });
    assert.deepEqual(plan.steps[0]?.source, { file: 'roles.yaml', document: 0 });
  });

  const notes = [
    {
      name: 'a rotation reset',
      desired: desired({}, { s: staticRole({ username: 'u', rotation_period: '1h' }) }),
      current: current([], [remoteStatic('s', 'u', 60)]),
      prune: false,
      code: 'APPLY_ROTATION_RESET',
      severity: 'info',
    },
    {
      name: 'a user change',
      desired: desired({}, { s: staticRole({ username: 'v', rotation_period: '1h' }) }),
      current: current([], [remoteStatic('s', 'u', 3600)]),
      prune: false,
      code: 'APPLY_USERNAME_CHANGE',
      severity: 'warning',
    },
    {
      name: 'a static delete keeps the user',
      desired: desired({}),
      current: current([], [], { roles: [], statics: ['old'] }),
      prune: true,
      code: 'APPLY_STATIC_USER_KEPT',
      severity: 'warning',
    },
    {
      name: 'prune without a list',
      desired: desired({}),
      current: current([]),
      prune: true,
      code: 'APPLY_PRUNE_UNLISTED',
      severity: 'warning',
    },
  ];
  for (const c of notes) {
    it(`notes ${c.name}`, () => {
      const plan = planApply(c.desired, c.current, { prune: c.prune });
      const problem = plan.problems.find((p) => p.code === c.code);
      assert.ok(problem, JSON.stringify(plan.problems));
      assert.equal(problem.severity, c.severity);
    });
  }
});
