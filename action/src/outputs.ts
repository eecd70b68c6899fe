import type { ActionConfig } from './action-config.ts';
import type { Issued } from './issued.ts';
import type { Runner } from './runner.ts';

/**
 * Sets the step outputs. The non-secret ones always (from the first set; `results` lists every set),
 * the keys only with `output-credentials` (already masked, so the log never shows them; note that the
 * runner drops job outputs holding masked values).
 */
export function setCredentialOutputs(issued: readonly Issued[], config: ActionConfig, runner: Runner): void {
  const [first] = issued;
  if (!first) return;
  runner.setOutput('arn', first.arn ?? '');
  runner.setOutput('expiration', first.expiration ?? '');
  runner.setOutput('lease-id', first.leaseId);
  runner.setOutput('lease-duration', String(first.leaseDuration));
  runner.setOutput('credential-type', first.credentialType);
  runner.setOutput('results', JSON.stringify(issued.map(resultOf)));
  if (config.outputCredentials) {
    runner.setOutput('access-key', first.accessKey);
    runner.setOutput('secret-key', first.secretKey);
    runner.setOutput('session-token', first.sessionToken ?? '');
  }
}

/** The public facts of one set (the `results` output). */
function resultOf(issued: Issued): Record<string, unknown> {
  return {
    role: issued.request.role,
    method: issued.request.method,
    'credential-type': issued.credentialType,
    arn: issued.arn ?? null,
    expiration: issued.expiration ?? null,
    'lease-id': issued.leaseId || null,
    'lease-duration': issued.leaseDuration,
    'access-key-variable': issued.request.env?.accessKey ?? null,
  };
}
