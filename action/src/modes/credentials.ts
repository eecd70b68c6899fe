import { computeExpiration, type CredentialFetch } from '@keyfob/shared';
import { exportCredentials, recordCleanup } from '../handoff.ts';
import type { Issued } from '../issued.ts';
import { setCredentialOutputs } from '../outputs.ts';
import { withSettle } from '../settle.ts';
import { StepFailure, type EngineStep } from '../step.ts';
import { credentialsSummary } from '../summary.ts';

/**
 * The credential modes (`creds`, `sts`, `static-creds`, and mixes through `roles`): fetches each set,
 * masks it at once, exports it and records it for the post step before moving on (so a failure on
 * the second role still leaves the first one cleaned up), then sets outputs and the job summary.
 */
export async function runCredentials(step: EngineStep): Promise<{ keepToken: boolean }> {
  const issued: Issued[] = [];
  for (const request of step.config.requests) {
    const one = await fetchOne(step, request);
    issued.push(one);
    exportCredentials(one, step.config, step.runner);
    recordCleanup(issued, step.runner);
    step.runner.info(describeIssued(one));
  }
  setCredentialOutputs(issued, step.config, step.runner);
  if (step.config.summary) await step.runner.appendSummary(credentialsSummary(issued, step.config));
  return { keepToken: issued.some((i) => i.revocable) };
}

async function fetchOne(step: EngineStep, request: CredentialFetch): Promise<Issued> {
  const { client, runner, secrets } = step;
  const what = `${request.method} ${request.role}`;
  if (request.method === 'static-creds') {
    const found = await withSettle(step, what, () => client.readStaticCredentials(request.role));
    if (found === undefined) throw notFound(step, request);
    secrets.add(found.accessKey);
    secrets.add(found.secretKey);
    const base = { request, sessionToken: null, arn: undefined, leaseId: '', leaseDuration: 0, revocable: false, credentialType: 'static' };
    return { ...base, accessKey: found.accessKey, secretKey: found.secretKey, expiration: found.expiration ?? undefined };
  }
  const call = request.method === 'sts' ? () => client.sts(request.role, request.params) : () => client.creds(request.role, request.params);
  const creds = await withSettle(step, what, call);
  // Masked before anything else: the access key id too, as cloud CLIs treat it as an identifier of the secret.
  secrets.add(creds.accessKey);
  secrets.add(creds.secretKey);
  secrets.add(creds.sessionToken);
  const credentialType = creds.sessionToken === null ? 'iam_user' : creds.arn ? 'assumed_role' : await stsType(step, request.role);
  return {
    request,
    accessKey: creds.accessKey,
    secretKey: creds.secretKey,
    sessionToken: creds.sessionToken,
    arn: creds.arn,
    leaseId: creds.leaseId,
    leaseDuration: creds.leaseDuration,
    revocable: creds.sessionToken === null && creds.leaseId !== '',
    expiration: computeExpiration({ now: runner.now(), leaseDurationSeconds: creds.leaseDuration, ttlSeconds: creds.ttl, requestedTtlSeconds: request.ttlSeconds }),
    credentialType,
  };
}

/**
 * Session credentials without an ARN come from a federation_token or a session_token role; the
 * response does not say which, so the role is read when the token may do so (best effort).
 */
async function stsType(step: EngineStep, role: string): Promise<string> {
  try {
    const read = await step.client.readRole(role);
    const type = read?.credentialTypes.find((t) => t === 'federation_token' || t === 'session_token');
    if (type) return type;
  } catch {
    // The token may lack read access to roles; the type stays generic.
  }
  return 'sts';
}

function notFound(step: EngineStep, request: CredentialFetch): StepFailure {
  const mount = step.engine.mount;
  return new StepFailure(
    `Could not get static credentials for role "${request.role}": GET /v1/${mount}/static-creds/${request.role} answered 404. Hint: static role "${request.role}" does not exist at mount "${mount}"; check \`role\` and \`mount\`.`,
  );
}

function describeIssued(one: Issued): string {
  const parts = [`${one.credentialType} credentials for ${one.request.role}`];
  if (one.arn) parts.push(`as ${one.arn}`);
  if (one.expiration) parts.push(`valid until ${one.expiration}`);
  if (one.leaseId) parts.push(`lease ${one.leaseId}`);
  const names = one.request.env ? `; exported as ${one.request.env.accessKey}, ${one.request.env.secretKey}${one.sessionToken ? `, ${one.request.env.sessionToken}` : ''}` : '';
  return `Got ${parts.join(', ')}${names}.`;
}
