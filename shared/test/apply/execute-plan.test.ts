import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { executePlan } from '../../src/apply/execute-plan.ts';
import { planApply } from '../../src/apply/plan-apply.ts';
import { readCurrentState, type ApplyClient } from '../../src/apply/read-current-state.ts';
import type { EngineRole, EngineStaticRole } from '@keyfob/shared/client';
import { desired, remoteRole, remoteStatic, role, staticRole } from './fixtures.ts';

/** An in-memory engine that records every call. */
function fakeClient(
  roles: EngineRole[],
  statics: EngineStaticRole[],
  failOn?: string,
  access: { policies?: Record<string, string>; jwtRoles?: Record<string, Record<string, unknown>> } = {},
  /** Writes the engine answers but does not keep (a read-back then finds nothing). */
  lost: readonly string[] = [],
) {
  const calls: string[] = [];
  const policyMap = new Map(Object.entries(access.policies ?? {}));
  const jwtMap = new Map(Object.entries(access.jwtRoles ?? {}));
  const roleMap = new Map(roles.map((r) => [r.name, r]));
  const staticMap = new Map(statics.map((s) => [s.name, s]));
  const record = (call: string) => {
    calls.push(call);
    if (call === failOn) return Promise.reject(new Error(`engine refused ${call}`));
    return Promise.resolve();
  };
  const client: ApplyClient = {
    readRole: async (name) => (await record(`read role ${name}`), roleMap.get(name)),
    listRoles: async () => (await record('list roles'), [...roleMap.keys()]),
    writeRole: async (name) => {
      await record(`write role ${name}`);
      if (!lost.includes(name)) roleMap.set(name, remoteRole(name, {}));
      return { warnings: name === 'warned' ? ['ignored x'] : [] };
    },
    deleteRole: async (name) => (await record(`delete role ${name}`), roleMap.delete(name)),
    readStaticRole: async (name) => (await record(`read static ${name}`), staticMap.get(name)),
    listStaticRoles: async () => (await record('list statics'), [...staticMap.keys()]),
    writeStaticRole: async (name) => {
      await record(`write static ${name}`);
      staticMap.set(name, remoteStatic(name, 'u', 60));
      return { warnings: [] };
    },
    deleteStaticRole: async (name) => (await record(`delete static ${name}`), true),
    readPolicyText: async (name) => (await record(`read policy ${name}`), policyMap.get(name)),
    listPolicies: async () => (await record('list policies'), ['root', 'default', ...policyMap.keys()]),
    writePolicy: async (name) => (await record(`write policy ${name}`), { warnings: [] }),
    deletePolicy: async (name) => (await record(`delete policy ${name}`), true),
    readJwtRole: async (name) => (await record(`read jwt role ${name}`), jwtMap.get(name)),
    listJwtRoles: async () => (await record('list jwt roles'), [...jwtMap.keys()]),
    writeJwtRole: async (name) => (await record(`write jwt role ${name}`), { warnings: [] }),
    deleteJwtRole: async (name) => (await record(`delete jwt role ${name}`), true),
  };
  return { client, calls };
}

const files = desired(
  {
    fresh: role({ credential_type: 'session_token' }),
    same: role({ credential_type: 'session_token' }),
    cleared: role({ credential_type: 'session_token' }),
    warned: role({ credential_type: 'session_token' }),
  },
  { keep: staticRole({ username: 'u', rotation_period: '1h' }) },
);
const engineRoles = [
  remoteRole('same', { credentialTypes: ['session_token'] }),
  remoteRole('cleared', { credentialTypes: ['session_token'], mfaSerialNumber: 'arn:aws:iam::1:mfa/x' }),
  remoteRole('warned', { credentialTypes: ['iam_user'] }),
  remoteRole('orphan', {}),
];

describe('readCurrentState and executePlan', () => {
  it('reads declared names, lists only with prune, and carries out the plan in order', async () => {
    const { client, calls } = fakeClient(engineRoles, [remoteStatic('keep', 'u', 3600), remoteStatic('gone', 'g', 60)]);
    const state = await readCurrentState(client, files, { prune: true });
    assert.deepEqual([...state.roles.keys()].sort(), ['cleared', 'same', 'warned']);
    assert.deepEqual(state.staticRoleNames, ['keep', 'gone']);
    const plan = planApply(files, state, { prune: true });
    calls.length = 0;
    const seen: string[] = [];
    const done = await executePlan(client, plan, (d) => seen.push(`${d.step.op} ${d.step.name}`));
    // Every write is read back (on a cluster, that read carries the write's index).
    assert.deepEqual(calls, [
      'delete role cleared',
      'write role cleared',
      'read role cleared',
      'write role fresh',
      'read role fresh',
      'write role warned',
      'read role warned',
      'delete role orphan',
      'delete static gone',
    ]);
    assert.deepEqual(seen, ['replace cleared', 'create fresh', 'update warned', 'delete orphan', 'delete gone']);
    assert.deepEqual(done.find((d) => d.step.name === 'warned')?.warnings, ['ignored x']);
  });

  it('does not list without prune', async () => {
    const { client, calls } = fakeClient(engineRoles, []);
    const state = await readCurrentState(client, files, { prune: false });
    assert.equal(state.roleNames, undefined);
    assert.ok(!calls.includes('list roles'));
  });

  it('stops at the first failure after reporting what succeeded', async () => {
    const { client } = fakeClient([], [], 'write role fresh');
    const plan = planApply(files, await readCurrentState(client, files, { prune: false }), { prune: false });
    const seen: string[] = [];
    await assert.rejects(
      executePlan(client, plan, (d) => seen.push(d.step.name)),
      /engine refused write role fresh/,
    );
    assert.deepEqual(seen, ['cleared']);
  });

  it('fails a write the engine does not show when read back (APPLY_WRITE_NOT_READ_BACK)', async () => {
    const { client } = fakeClient([], [], undefined, {}, ['fresh']);
    const plan = planApply(files, await readCurrentState(client, files, { prune: false }), { prune: false });
    const seen: string[] = [];
    await assert.rejects(
      executePlan(client, plan, (d) => seen.push(d.step.name)),
      /role "fresh" right after writing it \[APPLY_WRITE_NOT_READ_BACK\]/,
    );
    assert.deepEqual(seen, ['cleared']);
  });
});
