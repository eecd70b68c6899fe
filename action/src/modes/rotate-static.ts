import { isEngineError } from '@keyfob/shared/client';
import { withSettle } from '../settle.ts';
import { StepFailure, type EngineStep } from '../step.ts';
import { table } from '../summary.ts';

/**
 * `rotate-static`: rotates a static role's key now (`POST /rotate-role/:name`, a keyfob engine
 * extension). HashiCorp Vault and OpenBao lack the endpoint; the step then fails with that said
 * plainly, rather than a bare 404.
 */
export async function runRotateStatic(step: EngineStep): Promise<void> {
  const role = step.config.role ?? '';
  try {
    await withSettle(step, `rotate-static ${role}`, () => step.client.rotateStaticRole(role));
  } catch (error) {
    if (isEngineError(error) && error.code === 'ENGINE_UNSUPPORTED') {
      throw new StepFailure(
        `Could not rotate static role "${role}": this engine has no rotate-role endpoint (POST /v1/${step.engine.mount}/rotate-role/${role} answered ${error.status ?? '?'}). ` +
          "Hint: rotate-static needs keyfob's engine; HashiCorp Vault and OpenBao rotate static roles only on their rotation_period (use mode static-role to change it).",
      );
    }
    throw error;
  }
  const creds = await step.client.readStaticCredentials(role);
  if (creds) {
    step.secrets.add(creds.accessKey);
    step.secrets.add(creds.secretKey);
  }
  const next = creds?.expiration ?? undefined;
  step.runner.info(`Rotated the key of static role ${role}${next ? `; next scheduled rotation ${next}` : ''}.`);
  step.runner.setOutput('expiration', next ?? '');
  if (step.config.summary) {
    await step.runner.appendSummary(
      `### keyfob: static role rotated\n\n${table(['Static role', 'Next rotation (UTC)'], [[role, next ?? '—']])}\n\n`,
    );
  }
}
