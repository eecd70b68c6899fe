import { unwrapCredentials, WrongCreationPath } from '@keyfob/shared/credentials';
import type { EngineSettings } from '../action-config.ts';
import { checkAccount } from '../account-check.ts';
import { connect } from '../connect.ts';
import { exportCredentials, recordCleanup } from '../handoff.ts';
import { setCredentialOutputs } from '../outputs.ts';
import { StepFailure, type Step } from '../step.ts';
import { credentialsSummary } from '../summary.ts';

/**
 * `unwrap`: takes credentials another step handed off (`wrap-ttl`). No login: the wrapping token is
 * the only credential. The token is looked up first (`sys/wrapping/lookup`, which does not use it)
 * and refused unless its `creation_path` is a credential call of `role` at `mount`; then it is
 * unwrapped once with itself, the set masked at once, checked against `allowed-account-ids`, and
 * exported as the credential modes export theirs. The post step clears the variables; the lease
 * belongs to the login of the step that wrapped it and ends with it.
 */
export async function runUnwrap(step: Step, engine: EngineSettings): Promise<void> {
  const { config, runner, secrets, deps } = step;
  const [request] = config.requests;
  const token = config.wrappingToken;
  if (request === undefined || token === undefined) throw new StepFailure('mode unwrap needs role and wrapping-token.');
  const connection = await connect(engine, undefined, runner, deps, secrets);
  try {
    const one = await unwrapCredentials(connection.client, token, request, {
      now: () => runner.now(),
      onSecret: (value) => secrets.add(value),
    }).catch((error: unknown) => {
      if (error instanceof WrongCreationPath)
        throw new StepFailure(`Refused the wrapping token for role "${request.role}": ${error.message}.`);
      throw error;
    });
    await checkAccount(one, { ...step, client: connection.client, engine, fetch: deps.fetch });
    const exported = exportCredentials(one, config, runner);
    recordCleanup([], exported, runner);
    runner.info(
      `Unwrapped ${one.credentialType} credentials for ${request.role} (the wrapping token was made by ${one.request.method} ${engine.mount}/${one.request.method}/${request.role} and is now used up)${exported.length > 0 ? `; exported as ${exported.join(', ')}` : ''}.`,
    );
    setCredentialOutputs([one], config, runner);
    if (config.summary) await runner.appendSummary(credentialsSummary([one], config));
  } finally {
    await connection.close();
  }
}
