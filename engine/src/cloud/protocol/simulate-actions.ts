import { simulatePolicies, type SimulatedPolicy, type SimulationResult } from '@keyfob/shared/iam-policy';
import { CloudError } from '../cloud-error.ts';
import { entityPolicies } from '../simulation-policies.ts';
import type { ActionContext, QueryAction } from './query-action.ts';
import { badParameter, type QueryParams } from './query-params.ts';
import { members, type XmlTree } from './query-xml.ts';
import { paged } from './paged.ts';

/** The model's bounds (botocore iam 2010-05-08): policy text, action and resource names, context keys. */
const POLICY_TEXT = /^[\t\n\r\u0020-\u00ff]{1,131072}$/;
const CONTEXT_KEY_TYPES = new Set([
  'string',
  'stringList',
  'numeric',
  'numericList',
  'boolean',
  'booleanList',
  'ip',
  'ipList',
  'binary',
  'binaryList',
  'date',
  'dateList',
]);

/** `iam:SimulatePrincipalPolicy` and `iam:SimulateCustomPolicy`, with the provider's shapes and pagination. */
export const SIMULATE_ACTIONS: Readonly<Record<string, QueryAction>> = {
  SimulatePrincipalPolicy: {
    service: 'iam',
    authz: (ctx) => ({ resource: ctx.params.optional('PolicySourceArn') ?? '*' }),
    run: (ctx) => {
      const arn = ctx.params.required('PolicySourceArn');
      if (arn.length < 20 || arn.length > 2048)
        throw badParameter('PolicySourceArn', arn, 'Member must have length between 20 and 2048');
      const entity = entityPolicies(ctx.state, arn);
      const extra = policyList(ctx.params, 'PolicyInputList', false);
      const boundary = policyList(ctx.params, 'PermissionsBoundaryPolicyInputList', false);
      return simulate(ctx, [...entity.identity, ...extra], boundary.length > 0 ? boundary : entity.boundary);
    },
  },
  SimulateCustomPolicy: {
    service: 'iam',
    authz: () => ({ resource: '*' }),
    run: (ctx) => {
      const boundary = policyList(ctx.params, 'PermissionsBoundaryPolicyInputList', false);
      return simulate(ctx, policyList(ctx.params, 'PolicyInputList', true), boundary.length > 0 ? boundary : undefined);
    },
  },
};

function simulate(
  ctx: ActionContext,
  identity: readonly SimulatedPolicy[],
  boundary: readonly SimulatedPolicy[] | undefined,
): XmlTree {
  const p = ctx.params;
  if (p.optional('ResourcePolicy') !== undefined)
    throw new CloudError(
      'InvalidInput',
      "ResourcePolicy is not simulated by keyfob's emulated cloud (it evaluates identity-based policies only); leave it out.",
    );
  const actions = p.strings('ActionNames');
  if (actions.length === 0)
    throw new CloudError('MissingParameter', 'The request must contain the parameter ActionNames');
  for (const action of actions)
    if (action.length < 3 || action.length > 128)
      throw badParameter('ActionNames', action, 'Member must have length between 3 and 128');
  const resources = p.strings('ResourceArns');
  for (const resource of resources)
    if (resource.length < 1 || resource.length > 2048)
      throw badParameter('ResourceArns', resource, 'Member must have length between 1 and 2048');
  const results = simulatePolicies({
    actions,
    resources,
    context: contextEntries(p),
    identity,
    ...(boundary ? { boundary } : {}),
  });
  return paged(p, 'EvaluationResults', results.map(resultXml));
}

/** `Name.member.N`: policy documents as the model bounds them. */
function policyList(p: QueryParams, name: string, required: boolean): SimulatedPolicy[] {
  const texts = p.strings(name);
  if (required && texts.length === 0)
    throw new CloudError('MissingParameter', `The request must contain the parameter ${name}`);
  return texts.map((document, i) => {
    if (!POLICY_TEXT.test(document))
      throw badParameter(
        name,
        document,
        'Member must have length between 1 and 131072 and consist of TAB, LF, CR and U+0020-U+00FF',
      );
    try {
      JSON.parse(document);
    } catch {
      throw new CloudError('MalformedPolicyDocument', `${name}.${i + 1}: Syntax errors in policy.`);
    }
    return { id: `${name}.${i + 1}`, type: 'none' as const, document };
  });
}

/** `ContextEntries.member.N.{ContextKeyName, ContextKeyType, ContextKeyValues.member.M}`. */
function contextEntries(p: QueryParams): Record<string, string | readonly string[]> {
  const out: Record<string, string | readonly string[]> = {};
  p.structs('ContextEntries', ['ContextKeyName', 'ContextKeyType'] as const).forEach((entry, i) => {
    const key = entry.ContextKeyName ?? '';
    if (key.length < 5 || key.length > 256)
      throw badParameter('ContextKeyName', key, 'Member must have length between 5 and 256');
    const type = entry.ContextKeyType ?? 'string';
    if (!CONTEXT_KEY_TYPES.has(type))
      throw badParameter(
        'ContextKeyType',
        type,
        `Member must satisfy enum value set: [${[...CONTEXT_KEY_TYPES].join(', ')}]`,
      );
    const values = p.strings(`ContextEntries.member.${i + 1}.ContextKeyValues`);
    out[key] = type.endsWith('List') ? values : (values[0] ?? '');
  });
  return out;
}

function resultXml(result: SimulationResult): XmlTree {
  return {
    EvalActionName: result.action,
    EvalResourceName: result.resource,
    EvalDecision: result.decision,
    MatchedStatements: members(
      result.matched.map((s) => ({
        SourcePolicyId: s.policyId,
        SourcePolicyType: s.policyType,
        ...(s.start ? { StartPosition: { Line: s.start.line, Column: s.start.column } } : {}),
        ...(s.end ? { EndPosition: { Line: s.end.line, Column: s.end.column } } : {}),
      })),
    ),
    MissingContextValues: members([...result.missingContextValues]),
    ...(result.allowedByBoundary !== undefined
      ? { PermissionsBoundaryDecisionDetail: { AllowedByPermissionsBoundary: result.allowedByBoundary } }
      : {}),
  };
}
