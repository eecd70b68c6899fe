import type { RequestContext } from './context.ts';
import { evaluate, type DecidingStatement, type Evaluation, type PolicySource } from './evaluate.ts';
import { managedPolicyDocument } from './managed-policies.ts';
import { temporaryCredentialLimit, type CredentialKind } from './temporary-limits.ts';

/** The role fields that decide what issued credentials may do. */
export interface RolePolicies {
  readonly credentialType: CredentialKind;
  /** Compact JSON text, `""` when unset. */
  readonly policyDocument: string;
  readonly policyArns: readonly string[];
  readonly permissionsBoundaryArn: string;
  readonly mfaSerialNumber?: string;
}

/** A can-i question about a role. */
export interface CanIQuestion {
  readonly action: string;
  /** Defaults to `*`. */
  readonly resource?: string;
  readonly context?: RequestContext;
  /** Customer-managed policy documents by ARN (the provider-managed ones are known). */
  readonly managedPolicies?: Readonly<Record<string, unknown>>;
}

/** The answer: allowed or not, the statements or the reason that decided, and what was assumed. */
export interface CanIAnswer {
  readonly allowed: boolean;
  readonly evaluation: Evaluation | undefined;
  /** Set when a fixed limit of temporary credentials decided (no policy can lift it). */
  readonly limit: string | undefined;
  /** Set for calls that need no permission at all (GetCallerIdentity). */
  readonly free: string | undefined;
  /** Assumptions made about what the role file cannot say (the cloud side of the role, the engine's user). */
  readonly assumptions: readonly string[];
  /** Policy ARNs that are neither provider-managed ones keyfob knows nor given: they grant nothing here. */
  readonly unknownPolicies: readonly string[];
}

const FULL_ACCESS: PolicySource = {
  label: 'full access (assumed)',
  document: { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: '*', Resource: '*' }] },
};

/**
 * What credentials issued for a role could do, by the same evaluator the emulated cloud runs on
 * every call: iam_user credentials carry the role's policies as identity policies (and its
 * boundary); assumed_role and federation_token credentials carry them as session policies on top
 * of an identity the role file does not describe (assumed here to allow everything); session
 * tokens carry the engine user's own permissions (assumed to allow everything).
 */
export function canI(role: RolePolicies, question: CanIQuestion): CanIAnswer {
  const unknown: string[] = [];
  const managed = (arns: readonly string[]): PolicySource[] =>
    arns.map((arn) => {
      const document = question.managedPolicies?.[arn] ?? managedPolicyDocument(arn);
      if (document === undefined) unknown.push(arn);
      return { label: arn, document: document ?? { Version: '2012-10-17', Statement: [] } };
    });
  const own: PolicySource[] = [
    ...(role.policyDocument ? [{ label: 'policy_document', document: role.policyDocument }] : []),
    ...managed(role.policyArns),
  ];
  const boundary = role.permissionsBoundaryArn ? { boundary: managed([role.permissionsBoundaryArn]) } : {};
  const assumptions: string[] = [];
  if (question.action.toLowerCase() === 'sts:getcalleridentity') {
    return {
      allowed: true,
      evaluation: undefined,
      limit: undefined,
      free: 'sts:GetCallerIdentity needs no permission; it answers even under an explicit Deny',
      assumptions,
      unknownPolicies: unknown,
    };
  }
  const limit = temporaryCredentialLimit(
    role.credentialType,
    question.action,
    role.mfaSerialNumber !== undefined && role.mfaSerialNumber !== '',
  );
  if (limit)
    return { allowed: false, evaluation: undefined, limit, free: undefined, assumptions, unknownPolicies: unknown };
  let sets: { identity: PolicySource[]; boundary?: PolicySource[]; session?: PolicySource[] };
  switch (role.credentialType) {
    case 'iam_user':
      sets = { identity: own, ...boundary };
      assumptions.push('group policies (iam_groups) are defined in the cloud and not counted');
      break;
    case 'assumed_role':
      sets = { identity: [FULL_ACCESS], ...(own.length > 0 ? { session: own } : {}) };
      assumptions.push(
        "the cloud role's own policies are assumed to allow everything; the role file's policies apply as session policies",
      );
      break;
    case 'federation_token':
      sets = { identity: [FULL_ACCESS], session: own };
      assumptions.push(
        "the engine user's policies are assumed to allow everything; the role file's policies apply as session policies",
      );
      break;
    case 'session_token':
      sets = { identity: [FULL_ACCESS] };
      assumptions.push("session tokens carry the engine user's own permissions, assumed here to allow everything");
      break;
  }
  const evaluation = evaluate({
    action: question.action,
    resource: question.resource ?? '*',
    context: question.context ?? {},
    ...sets,
  });
  return {
    allowed: evaluation.decision === 'allow',
    evaluation,
    limit: undefined,
    free: undefined,
    assumptions,
    unknownPolicies: unknown,
  };
}

/** One line naming a deciding statement: `policy_document statement 2 (Sid "ReadSelf"), Allow`. */
export function describeStatement(statement: DecidingStatement): string {
  const sid = statement.sid !== undefined ? ` (Sid "${statement.sid}")` : '';
  return `${statement.policyType}: ${statement.policy} statement ${statement.index + 1}${sid}, ${statement.effect}`;
}
