import type { SimulatedPolicy, SimulatedPolicyType } from '@keyfob/shared/iam-policy';
import { noSuchEntity, CloudError } from './cloud-error.ts';
import type { CloudState } from './cloud-state.ts';
import { FULL_ACCESS, managed } from './policy-sets.ts';

/** The policies of one IAM entity as the simulator reads them: identity policies and the boundary, if any. */
export interface EntityPolicies {
  readonly identity: SimulatedPolicy[];
  readonly boundary: SimulatedPolicy[] | undefined;
}

const ENTITY_ARN =
  /^arn:(?:aws|aws-cn|aws-us-gov):iam::(\d{12}):(user|role|group)(\/(?:[\x21-\x7e]*\/)?)?([\w+=,.@-]{1,128})$/;

/**
 * The policies `SimulatePrincipalPolicy` includes for a user, group or role ARN: a user's inline
 * and attached policies and those of its groups, plus its boundary; a role fixture's policies and
 * boundary; a group fixture's attached policies. Throws the provider's NoSuchEntity or InvalidInput.
 */
export function entityPolicies(state: CloudState, arn: string): EntityPolicies {
  const match = ENTITY_ARN.exec(arn);
  if (!match) throw new CloudError('InvalidInput', `ARN ${arn.slice(0, 256)} is not valid.`);
  const [, , kind, , name = ''] = match;
  if (kind === 'user') {
    const user = state.users.get(name);
    if (!user || user.arn !== arn) throw noSuchEntity(`The user with name ${name} cannot be found.`);
    if (user.administrator)
      return {
        identity: [{ id: 'AdministratorAccess', type: 'none', document: FULL_ACCESS.document }],
        boundary: undefined,
      };
    const identity: SimulatedPolicy[] = Object.entries(user.inlinePolicies).map(([id, document]) => ({
      id,
      type: 'user',
      document,
    }));
    identity.push(...managedPolicies(state, user.managedPolicies));
    for (const group of user.groups)
      identity.push(...managedPolicies(state, state.settings.groups?.find((g) => g.name === group)?.policyArns ?? []));
    return { identity, boundary: boundaryOf(state, user.permissionsBoundary) };
  }
  if (kind === 'role') {
    const role = state.settings.roles?.find((r) => r.arn === arn);
    if (!role) throw noSuchEntity(`The role with name ${name} cannot be found.`);
    const hasPolicies = role.policyArns !== undefined || role.policyDocument !== undefined;
    const identity: SimulatedPolicy[] = hasPolicies
      ? [
          ...(role.policyDocument !== undefined
            ? [{ id: name, type: 'role' as const, document: role.policyDocument }]
            : []),
          ...managedPolicies(state, role.policyArns ?? []),
        ]
      : [{ id: 'AdministratorAccess', type: 'none', document: FULL_ACCESS.document }];
    return { identity, boundary: boundaryOf(state, role.permissionsBoundary) };
  }
  const group = state.settings.groups?.find((g) => g.name === name);
  if (!group) throw noSuchEntity(`The group with name ${name} cannot be found.`);
  return { identity: managedPolicies(state, group.policyArns), boundary: undefined };
}

function boundaryOf(state: CloudState, arn: string | undefined): SimulatedPolicy[] | undefined {
  return arn === undefined ? undefined : managedPolicies(state, [arn]);
}

function managedPolicies(state: CloudState, arns: readonly string[]): SimulatedPolicy[] {
  return managed(state, arns).map((source) => ({
    id: source.label.slice(source.label.lastIndexOf('/') + 1),
    type: policyType(source.label),
    document: source.document,
  }));
}

function policyType(arn: string): SimulatedPolicyType {
  return /^arn:[^:]+:iam::aws:policy\//.test(arn) ? 'aws-managed' : 'user-managed';
}
