import {
  accessDeniedMessage,
  evaluate,
  temporaryCredentialLimit,
  type Evaluation,
  type RequestContext,
} from '@keyfob/shared/iam-policy';
import { isoTime } from '../clock.ts';
import { AccessDeniedError, describeDenial, type DeniedCall } from './authorization-message.ts';
import type { CloudPrincipal } from './cloud-types.ts';
import type { CloudState } from './cloud-state.ts';
import { policySets } from './policy-sets.ts';
import type { ActionContext, AuthzRequest } from './protocol/query-action.ts';
import { principalUserId } from './protocol/sts-actions.ts';

/**
 * Evaluates one call against the caller's policies and throws the provider's AccessDenied when it
 * is not allowed. Before the policies: the provider's fixed limits on temporary credentials
 * (federated users: no IAM, only GetCallerIdentity in STS; session tokens: IAM only with MFA).
 */
export function authorize(ctx: ActionContext, action: string, request: AuthzRequest): void {
  const { principal } = ctx;
  const session = principal.session;
  const context = { ...callContext(ctx), ...request.context };
  const limit = session ? temporaryCredentialLimit(session.kind, action, session.mfa === true) : undefined;
  if (limit) {
    const message = `User: ${principal.arn} is not authorized to perform: ${action} on resource: ${request.resource} ${limit}`;
    throw denial(ctx, { action, resource: request.resource, context, evaluation: undefined, reason: message });
  }
  const evaluation = evaluateCall(ctx.state, principal, action, request, context);
  if (evaluation.decision !== 'allow') {
    const message = accessDeniedMessage(principal.arn, action, request.resource, evaluation);
    throw denial(ctx, { action, resource: request.resource, context, evaluation, reason: message });
  }
}

/** AccessDenied carrying the decoded authorization message the Query API encodes into its answer. */
function denial(ctx: ActionContext, call: Omit<DeniedCall, 'principal' | 'principalId'>): AccessDeniedError {
  const principalId = principalUserId(
    ctx.principal,
    ctx.state.settings.accountId,
    (n) => ctx.state.users.get(n)?.userId,
  );
  return new AccessDeniedError(
    call.reason,
    describeDenial(ctx.state, { ...call, principal: ctx.principal, principalId }),
  );
}

/** The decision for one call (also what `can-i` reports for issued credentials). */
export function evaluateCall(
  state: CloudState,
  principal: CloudPrincipal,
  action: string,
  request: AuthzRequest,
  context: RequestContext,
): Evaluation {
  return evaluate({
    action,
    resource: request.resource,
    context: { ...context, ...request.context },
    ...policySets(state, principal),
  });
}

/** Global condition keys of a call. */
export function callContext(
  ctx: Pick<ActionContext, 'state' | 'clock' | 'principal' | 'sourceIp' | 'region'>,
): Record<string, string> {
  const { principal, state } = ctx;
  const session = principal.session;
  const now = ctx.clock.now();
  const out: Record<string, string> = {
    'aws:PrincipalArn': principal.arn,
    'aws:PrincipalAccount': state.settings.accountId,
    'aws:PrincipalType':
      session?.kind === 'assumed_role'
        ? 'AssumedRole'
        : session?.kind === 'federation_token'
          ? 'FederatedUser'
          : 'User',
    'aws:userid': principalUserId(principal, state.settings.accountId, (name) => state.users.get(name)?.userId),
    'aws:CurrentTime': isoTime(now),
    'aws:EpochTime': String(Math.floor(now / 1000)),
    'aws:SecureTransport': 'false',
    'aws:SourceIp': ctx.sourceIp.startsWith('::ffff:') ? ctx.sourceIp.slice(7) : ctx.sourceIp,
    'aws:RequestedRegion': ctx.region,
  };
  if (session?.roleArn) out['aws:PrincipalArn'] = session.roleArn;
  if (!session && principal.userName !== undefined) out['aws:username'] = principal.userName;
  if (session) {
    out['aws:TokenIssueTime'] = isoTime(session.createdAt);
    out['aws:MultiFactorAuthPresent'] = session.mfa ? 'true' : 'false';
  }
  const tags =
    session?.tags ?? (principal.userName !== undefined ? state.users.get(principal.userName)?.tags : undefined) ?? {};
  for (const [key, value] of Object.entries(tags)) out[`aws:PrincipalTag/${key}`] = value;
  return out;
}
