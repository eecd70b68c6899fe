import { temporaryCredentialLimit, type Evaluation } from '@keyfob/shared/iam-policy';
import { callContext, evaluateCall } from './authorize.ts';
import type { EmulatedCloud } from './emulated-cloud.ts';
import { resolveAccessKey } from './gate.ts';

/** A can-i question about issued credentials. */
export interface CredentialQuestion {
  readonly accessKey: string;
  readonly sessionToken?: string;
  readonly action: string;
  readonly resource: string;
  readonly context: Readonly<Record<string, string>>;
}

/** The answer, as `POST /v1/sys/dev/can-i` returns it. */
export interface CredentialAnswer {
  readonly principal: string;
  readonly allowed: boolean;
  readonly evaluation: Evaluation | undefined;
  readonly limit: string | undefined;
}

/**
 * What issued credentials may do, by the very evaluation the cloud runs on their calls (same
 * principal, same policies, same context keys; the source address is taken as loopback and the
 * region as us-east-1 unless the context says otherwise). Throws the cloud's error for credentials
 * it would refuse (unknown, revoked, expired).
 */
export function evaluateCredentials(cloud: EmulatedCloud, question: CredentialQuestion): CredentialAnswer {
  const { principal } = resolveAccessKey(cloud.state, cloud.clock, question.accessKey, question.sessionToken);
  if (question.action.toLowerCase() === 'sts:getcalleridentity')
    return { principal: principal.arn, allowed: true, evaluation: undefined, limit: undefined };
  const session = principal.session;
  const limit = session ? temporaryCredentialLimit(session.kind, question.action, session.mfa === true) : undefined;
  if (limit) return { principal: principal.arn, allowed: false, evaluation: undefined, limit };
  const context = {
    ...callContext({ state: cloud.state, clock: cloud.clock, principal, sourceIp: '127.0.0.1', region: 'us-east-1' }),
    ...question.context,
  };
  const evaluation = evaluateCall(cloud.state, principal, question.action, { resource: question.resource }, context);
  return { principal: principal.arn, allowed: evaluation.decision === 'allow', evaluation, limit: undefined };
}
