import { issueCredentials, type CredentialFetch } from '@keyfob/shared/credentials';
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
  const exported: string[] = [];
  for (const request of step.config.requests) {
    const one = await fetchOne(step, request);
    issued.push(one);
    exported.push(...exportCredentials(one, step.config, step.runner));
    recordCleanup(issued, exported, step.runner);
    step.runner.info(describeIssued(one));
  }
  setCredentialOutputs(issued, step.config, step.runner);
  if (step.config.summary) await step.runner.appendSummary(credentialsSummary(issued, step.config));
  return { keepToken: issued.some((i) => i.revocable) };
}

async function fetchOne(step: EngineStep, request: CredentialFetch): Promise<Issued> {
  const issued = await withSettle(step, `${request.method} ${request.role}`, () =>
    issueCredentials(step.client, request, {
      now: () => step.runner.now(),
      onSecret: (value) => step.secrets.add(value),
    }),
  );
  if (issued === undefined) throw notFound(step, request);
  return capAtTokenExpiry(issued, step.tokenExpiresAt);
}

/**
 * iam_user keys die with their lease, and the engine revokes a token's leases when the token
 * expires: after a JWT login the keys last no longer than the login token.
 */
function capAtTokenExpiry(issued: Issued, tokenExpiresAt: number | undefined): Issued {
  if (!issued.revocable || tokenExpiresAt === undefined || issued.expiration === undefined) return issued;
  const capped = Math.min(Date.parse(issued.expiration), tokenExpiresAt);
  return { ...issued, expiration: new Date(capped).toISOString() };
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
  const names = one.request.env
    ? `; exported as ${one.request.env.accessKey}, ${one.request.env.secretKey}${one.sessionToken ? `, ${one.request.env.sessionToken}` : ''}`
    : '';
  return `Got ${parts.join(', ')}${names}.`;
}
