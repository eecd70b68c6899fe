// planApply for ACL policies and JWT roles: what counts as a change (as the engine reads a role
// back), the order of the steps, and what prune may delete.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planApply } from '../../src/apply/plan-apply.ts';
import type { CurrentState, DesiredState } from '../../src/apply/plan-types.ts';

const source = { file: 'x', document: 0 };
const role = {
  role_type: 'jwt',
  user_claim: 'repository',
  bound_audiences: ['sts'],
  bound_claims: { repository_id: '42' },
  token_policies: ['deploy'],
  token_ttl: '15m',
};
/** The same role as the real engine reads it back: seconds, lists, leeway defaults filled in. */
const readBack = {
  ...role,
  bound_claims: { repository_id: ['42'] },
  bound_claims_type: 'string',
  token_ttl: 900,
  clock_skew_leeway: 60,
  expiration_leeway: 150,
  not_before_leeway: 150,
  policies: ['deploy'],
  allowed_redirect_uris: [],
  token_no_default_policy: false,
};

function desired(policies: Record<string, string>, jwtRoles: Record<string, Record<string, unknown>>): DesiredState {
  return {
    roles: new Map(),
    staticRoles: new Map(),
    policies: new Map(Object.entries(policies).map(([name, text]) => [name, { definition: { text }, source }])),
    jwtRoles: new Map(Object.entries(jwtRoles).map(([name, body]) => [name, { definition: body, source }])),
  };
}

function current(
  policies: Record<string, string>,
  jwtRoles: Record<string, Record<string, unknown>>,
  listed = true,
): CurrentState {
  return {
    roles: new Map(),
    staticRoles: new Map(),
    roleNames: [],
    staticRoleNames: [],
    policies: new Map(Object.entries(policies)),
    policyNames: listed ? ['root', 'default', ...Object.keys(policies)] : undefined,
    jwtRoles: new Map(Object.entries(jwtRoles)),
    jwtRoleNames: listed ? Object.keys(jwtRoles) : undefined,
  };
}

const steps = (d: DesiredState, c: CurrentState, prune = false): string[] =>
  planApply(d, c, { prune }).steps.map(
    (s) => `${s.op} ${s.kind} ${s.name}${s.fields.length > 0 ? ` ${s.fields.join(',')}` : ''}`,
  );

describe('planApply: policies and JWT roles', () => {
  it('creates the policy before the JWT role that names it', () => {
    assert.deepEqual(steps(desired({ deploy: 'path "a" {}' }, { ci: role }), current({}, {})), [
      'create policy deploy policy',
      'create jwt-role ci bound_audiences,bound_claims,role_type,token_policies,token_ttl,user_claim',
    ]);
  });

  it("a role read back in the engine's form (seconds, lists, default leeways) is unchanged", () => {
    assert.deepEqual(steps(desired({}, { ci: role }), current({}, { ci: readBack })), ['unchanged jwt-role ci']);
  });

  it('a field the file no longer sets is a change, and the write sends it cleared', () => {
    const plan = planApply(desired({}, { ci: { ...role, token_ttl: undefined } }), current({}, { ci: readBack }), {
      prune: false,
    });
    assert.deepEqual(
      plan.steps.map((s) => [s.op, s.fields]),
      [['update', ['token_ttl']]],
    );
    assert.equal(plan.steps[0]?.body?.token_ttl, 0);
  });

  it('a policy differing only in surrounding blank lines is unchanged; another text is an update', () => {
    assert.deepEqual(
      steps(
        desired({ a: 'path "x" {}\n', b: 'path "y" {}' }, {}),
        current({ a: '\npath "x" {}', b: 'path "z" {}' }, {}),
      ),
      ['unchanged policy a', 'update policy b policy'],
    );
  });

  it('prune deletes undeclared policies and JWT roles, never root or default', () => {
    assert.deepEqual(
      steps(desired({ a: 'p' }, { ci: role }), current({ a: 'p', old: 'q' }, { ci: readBack, gone: readBack }), true),
      ['unchanged policy a', 'delete policy old', 'unchanged jwt-role ci', 'delete jwt-role gone'],
    );
  });

  it('prune leaves a kind alone when no file declares one of it, and says so', () => {
    const plan = planApply(desired({}, {}), current({ old: 'q' }, { gone: readBack }), { prune: true });
    assert.deepEqual(plan.steps, []);
    assert.deepEqual(
      plan.problems.map((p) => p.code),
      ['APPLY_PRUNE_KIND_SKIPPED', 'APPLY_PRUNE_KIND_SKIPPED'],
    );
  });
});
