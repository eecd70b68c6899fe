import { dirname, join } from 'node:path';
import { issueCredentials, wrapCredentials, type CredentialFetch } from '@keyfob/shared/credentials';
import { makeProfileDir, writeProfiles, type Profile } from '../profiles.ts';
import { capAtTokenExpiry, refreshProfile, writeRefreshSettings } from '../refresh.ts';
import { checkAccount } from '../account-check.ts';
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
  const [only] = step.config.requests;
  if (step.config.wrapTtlSeconds !== undefined && only !== undefined)
    return await handOff(step, only, step.config.wrapTtlSeconds);
  const issued: Issued[] = [];
  const exported: string[] = [];
  const profiles: Profile[] = [];
  let dir: string | undefined;
  const dirs = (): string[] => (dir === undefined ? [] : [dir]);
  for (const request of step.config.requests) {
    if (request.profile !== undefined) dir ??= makeProfileDir(step.runner);
    if (request.profile !== undefined && dir !== undefined && step.config.refresh) {
      recordCleanup(issued, exported, step.runner, dirs());
      profiles.push(await refreshingProfile(step, dir, request));
      continue;
    }
    const one = await fetchOne(step, request);
    issued.push(one);
    exported.push(...exportCredentials(one, step.config, step.runner));
    if (request.profile !== undefined) profiles.push({ name: request.profile, region: step.config.region, keys: one });
    recordCleanup(issued, exported, step.runner, dirs());
    step.runner.info(describeIssued(one));
  }
  if (dir !== undefined) {
    const files = writeProfiles(dir, profiles);
    step.runner.exportVariable('AWS_CONFIG_FILE', files.config);
    step.runner.exportVariable('AWS_SHARED_CREDENTIALS_FILE', files.credentials);
    exported.push('AWS_CONFIG_FILE', 'AWS_SHARED_CREDENTIALS_FILE');
    recordCleanup(issued, exported, step.runner, dirs());
    step.runner.info(
      `Wrote AWS profile${profiles.length === 1 ? '' : 's'} ${profiles.map((p) => p.name).join(', ')} (files 0600 in ${dir}); exported AWS_CONFIG_FILE and AWS_SHARED_CREDENTIALS_FILE.`,
    );
  }
  setCredentialOutputs(issued, step.config, step.runner);
  if (step.config.summary) await step.runner.appendSummary(credentialsSummary(issued, step.config));
  return { keepToken: issued.some((i) => i.revocable) };
}

/**
 * A profile that renews itself: its settings file (the step's inputs without secrets), then the
 * first set through the very code its credential_process runs (so a broken setting fails the step
 * now, not the tool later, and the cache starts full).
 */
async function refreshingProfile(step: EngineStep, dir: string, request: CredentialFetch): Promise<Profile> {
  const name = request.profile ?? '';
  const settings = { profile: name, inputs: step.config.plainInputs };
  const command = writeRefreshSettings(dir, settings, credentialProcessScript(step.runner));
  const first = await refreshProfile(dir, settings, step.runner, step.secrets, step.deps);
  step.runner.info(
    `Profile ${name} renews its credentials for ${request.role} through credential_process (the first set is valid until ${first.Expiration ?? 'further notice'}; a new one is issued shortly before).`,
  );
  return { name, region: step.config.region, credentialProcess: command };
}

/** The bundled credential_process next to the running main step (dist/credential-process.cjs). */
function credentialProcessScript(runner: EngineStep['runner']): string {
  const main = process.argv[1] ?? '';
  if (!main.endsWith('.cjs'))
    runner.debug(`refresh: the main step runs from ${main}; the profile names dist/credential-process.cjs beside it.`);
  return join(dirname(main), 'credential-process.cjs');
}

/**
 * `wrap-ttl`: the one set stays in the engine, in a single-use wrapping token; the step outputs that
 * token (masked) and nothing else: no variable, no profile, no key output, no clean-up of a lease the
 * receiving job now owns. The login token is kept: an iam_user lease ends with the token it was
 * issued under, so revoking it would delete the user before anyone unwrapped the keys.
 */
async function handOff(
  step: EngineStep,
  request: CredentialFetch,
  ttlSeconds: number,
): Promise<{ keepToken: boolean }> {
  const info = await withSettle(step, `${request.method} ${request.role} (wrapped)`, () =>
    wrapCredentials(step.client, request, ttlSeconds, (value) => step.secrets.add(value)),
  );
  step.runner.setOutput('wrapping-token', info.token);
  step.runner.info(
    `Wrapped the ${request.method} answer for role ${request.role} in a single-use wrapping token (creation_path ${info.creationPath}, valid ${info.ttl}s, accessor ${info.accessor}): output wrapping-token. Nothing was exported; the job that unwraps it (mode unwrap, role ${request.role}) gets the credentials, once.`,
  );
  if (step.config.summary)
    await step.runner.appendSummary(
      `### keyfob: credentials handed off\n\nThe ${request.method} credentials of role \`${request.role}\` are in a single-use wrapping token (output \`wrapping-token\`, masked), valid ${info.ttl}s, made by \`${info.creationPath}\`. Unwrap them with \`mode: unwrap\` and \`role: ${request.role}\`.\n`,
    );
  return { keepToken: true };
}

async function fetchOne(step: EngineStep, request: CredentialFetch): Promise<Issued> {
  const issued = await withSettle(step, `${request.method} ${request.role}`, () =>
    issueCredentials(step.client, request, {
      now: () => step.runner.now(),
      onSecret: (value) => step.secrets.add(value),
    }),
  );
  if (issued === undefined) throw notFound(step, request);
  const one = capAtTokenExpiry(issued, step.tokenExpiresAt);
  await checkAccount(one, { ...step, fetch: step.deps.fetch });
  return one;
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
