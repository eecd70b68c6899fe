import type { CurrentState, DesiredState } from '../../src/apply/plan-types.ts';
import type { EngineRole, EngineStaticRole } from '@keyfob/shared/client';
import type { RoleDefinition, StaticRoleDefinition } from '@keyfob/shared/rules';
import { validateRole, validateStaticRole } from '@keyfob/shared/rules';

/** A role definition through the real rules, failing loudly when the fixture itself is wrong. */
export function role(input: Record<string, unknown>): RoleDefinition {
  const { value, problems } = validateRole(input);
  if (!value) throw new Error(`bad fixture: ${JSON.stringify(problems)}`);
  return value;
}

export function staticRole(input: Record<string, unknown>): StaticRoleDefinition {
  const { value, problems } = validateStaticRole(input);
  if (!value) throw new Error(`bad fixture: ${JSON.stringify(problems)}`);
  return value;
}

/** An engine read-back with Vault-like empties unless overridden. */
export function remoteRole(name: string, fields: Partial<EngineRole>): EngineRole {
  return {
    name,
    credentialTypes: ['iam_user'],
    roleArns: [],
    policyArns: [],
    policyDocument: '',
    iamGroups: [],
    iamTags: {},
    sessionTags: {},
    externalId: '',
    userPath: '',
    permissionsBoundaryArn: '',
    mfaSerialNumber: '',
    raw: {},
    ...fields,
  };
}

export function remoteStatic(name: string, username: string, rotationPeriod: number): EngineStaticRole {
  return { name, username, rotationPeriod, raw: {} };
}

export function desired(
  roles: Record<string, RoleDefinition>,
  statics: Record<string, StaticRoleDefinition> = {},
): DesiredState {
  const source = (i: number) => ({ file: 'roles.yaml', document: i });
  return {
    roles: new Map(Object.entries(roles).map(([n, d], i) => [n, { definition: d, source: source(i) }])),
    staticRoles: new Map(Object.entries(statics).map(([n, d], i) => [n, { definition: d, source: source(i) }])),
  };
}

export function current(
  roles: EngineRole[],
  statics: EngineStaticRole[] = [],
  listed?: { roles?: string[]; statics?: string[] },
): CurrentState {
  return {
    roles: new Map(roles.map((r) => [r.name, r])),
    staticRoles: new Map(statics.map((s) => [s.name, s])),
    roleNames: listed?.roles,
    staticRoleNames: listed?.statics,
  };
}
