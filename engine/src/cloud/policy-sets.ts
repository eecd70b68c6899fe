import { managedPolicyDocument, type EvaluationInput, type PolicySource } from '@keyfob/shared/iam-policy';
import type { CloudState } from './cloud-state.ts';
import type { CloudPrincipal, CloudUser } from './cloud-types.ts';

/** Full access: fixture administrators, the engine's ambient identity, role fixtures without policies. */
export const FULL_ACCESS: PolicySource = {
  label: 'administrator access (keyfob fixture)',
  document: { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: '*', Resource: '*' }] },
};

/** The policies that apply to a principal: identity, permissions boundary and session policies. */
export type PolicySets = Pick<EvaluationInput, 'identity' | 'boundary' | 'session'>;

/**
 * The applicable policies, as the provider gathers them: an IAM user's inline, attached and group
 * policies and its boundary; a role session's role policies (full access for a role fixture that
 * names none), the role's boundary and the session policies; a federated user's or session
 * token's user policies, with the federation's session policies.
 */
export function policySets(state: CloudState, principal: CloudPrincipal): PolicySets {
  const session = principal.session;
  if (session?.kind === 'assumed_role') {
    const role = state.settings.roles?.find((r) => r.arn === session.roleArn);
    const hasPolicies = role !== undefined && (role.policyArns !== undefined || role.policyDocument !== undefined);
    const identity = hasPolicies
      ? [
          ...managed(state, role.policyArns ?? []),
          ...(role.policyDocument !== undefined
            ? [{ label: `inline policy of role ${role.arn}`, document: role.policyDocument }]
            : []),
        ]
      : [FULL_ACCESS];
    return {
      identity,
      ...(role?.permissionsBoundary !== undefined ? { boundary: managed(state, [role.permissionsBoundary]) } : {}),
      ...sessionPolicies(state, session.policy, session.policyArns),
    };
  }
  const user = principal.userName !== undefined ? state.users.get(principal.userName) : undefined;
  const base = user ? userSets(state, user) : { identity: [FULL_ACCESS] };
  if (session?.kind === 'federation_token') {
    // A federation token without session policies has no permissions at all.
    return { ...base, session: sessionPolicies(state, session.policy, session.policyArns).session ?? [] };
  }
  return base;
}

function userSets(state: CloudState, user: CloudUser): PolicySets {
  if (user.administrator) return { identity: [FULL_ACCESS] };
  const identity: PolicySource[] = [];
  for (const [name, document] of Object.entries(user.inlinePolicies))
    identity.push({ label: `inline policy ${name} of user ${user.name}`, document });
  identity.push(...managed(state, user.managedPolicies));
  for (const group of user.groups) {
    const fixture = state.settings.groups?.find((g) => g.name === group);
    identity.push(
      ...managed(state, fixture?.policyArns ?? []).map((p) => ({ ...p, label: `${p.label} (group ${group})` })),
    );
  }
  return {
    identity,
    ...(user.permissionsBoundary !== undefined ? { boundary: managed(state, [user.permissionsBoundary]) } : {}),
  };
}

function sessionPolicies(
  state: CloudState,
  policy: string | undefined,
  arns: readonly string[],
): Pick<PolicySets, 'session'> {
  if (policy === undefined && arns.length === 0) return {};
  return {
    session: [
      ...(policy !== undefined ? [{ label: 'session policy', document: policy }] : []),
      ...managed(state, arns),
    ],
  };
}

/** Managed policies by ARN: customer-managed from the fixtures, provider-managed from the known set; unknown ones grant nothing. */
export function managed(state: CloudState, arns: readonly string[]): PolicySource[] {
  return arns.map((arn) => ({
    label: arn,
    document: state.settings.managedPolicies?.[arn] ??
      managedPolicyDocument(arn) ?? { Version: '2012-10-17', Statement: [] },
  }));
}
