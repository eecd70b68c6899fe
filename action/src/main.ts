import { formatDuration } from '@keyfob/shared/duration';
import type { Problem } from '@keyfob/shared/problem';
import type { ActionConfig, Mode } from './action-config.ts';
import { coreRunner } from './core-runner.ts';
import { defaultDeps, type Deps } from './deps.ts';
import { describeFailure } from './failure.ts';
import { readInputs } from './inputs.ts';
import { withSession } from './login.ts';
import { SecretBook } from './mask.ts';
import { runCredentials } from './modes/credentials.ts';
import { runRotateRoot } from './modes/rotate-root.ts';
import { runRotateStatic } from './modes/rotate-static.ts';
import { runStaticRole } from './modes/static-role.ts';
import { runUnwrap } from './modes/unwrap.ts';
import type { Runner } from './runner.ts';
import { safeLog } from './safe-log.ts';
import { StepFailure, type EngineStep, type Step } from './step.ts';

/** What a mode may ask of the step's end: keep the login token because a lease it issued lives on. */
type ModeOutcome = void | { readonly keepToken: boolean };

const ENGINE_MODES: Readonly<
  Record<Exclude<Mode, 'lint' | 'history' | 'access-diff' | 'unwrap'>, (step: EngineStep) => Promise<ModeOutcome>>
> = {
  creds: runCredentials,
  sts: runCredentials,
  'static-creds': runCredentials,
  'rotate-root': runRotateRoot,
  'rotate-static': runRotateStatic,
  'static-role': runStaticRole,
  apply: async (step) => (await import('./modes/file-modes.ts')).runApply(step),
};

/**
 * The main step: reads the inputs, logs in, runs the mode. Any failure ends here, is redacted with
 * every secret the step has seen, and becomes the step's one `setFailed` (plus the `error-message`
 * output). The whole step is bounded by the `timeout` input, so it can never hang.
 */
export async function run(raw: Runner = coreRunner(), deps: Deps = defaultDeps()): Promise<void> {
  const secrets = new SecretBook(raw);
  const runner = safeLog(raw, secrets);
  const startedAt = runner.now();
  let config: ActionConfig | undefined;
  try {
    const read = readInputs(runner, secrets);
    config = read.config;
    reportInputProblems(runner, read.problems);
    if (!config) throw new StepFailure(inputFailure(read.problems));
    const step: Step = { config, runner, secrets, deps, startedAt };
    await withDeadline(config, () => execute(step));
  } catch (error) {
    const message = secrets.redact(describeFailure(error, config));
    runner.setOutput('error-message', message);
    runner.setFailed(message);
  }
}

async function execute(step: Step): Promise<void> {
  const { config, runner, secrets, deps } = step;
  if (config.mode === 'history') return await (await import('./modes/file-modes.ts')).runHistory(step);
  if (config.mode === 'access-diff') return await (await import('./modes/file-modes.ts')).runAccessDiff(step);
  if (config.mode === 'unwrap' && config.engine) return await runUnwrap(step, config.engine);
  if (config.mode === 'lint' || config.mode === 'unwrap' || !config.engine || !config.auth)
    return await (await import('./modes/file-modes.ts')).runLint(step);
  const { engine, auth } = config;
  const runMode = ENGINE_MODES[config.mode];
  await withSession(engine, auth, runner, deps, secrets, async (session) => {
    const outcome = await runMode({
      ...step,
      client: session.client,
      engine,
      tokenExpiresAt: session.tokenExpiresAt,
    });
    // A token we logged in for is revoked now unless a lease it issued must live until the post step
    // (revoking a token revokes its leases).
    if (session.ownToken && !(outcome?.keepToken ?? false)) {
      await session.client
        .revokeSelf()
        .catch(() => runner.debug('Could not revoke the login token; it expires on its own.'));
    }
  });
}

/** Fails the step with a clear message when it runs past the `timeout` input. */
async function withDeadline(config: ActionConfig, work: () => Promise<void>): Promise<void> {
  const limit = config.engine?.timeoutMs;
  if (limit === undefined) return await work();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new StepFailure(
            `The step ran past its time limit of ${formatDuration(limit / 1000)}. Hint: raise the \`timeout\` input, or check that \`url\` answers.`,
          ),
        ),
      limit + 1000,
    );
  });
  try {
    await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function reportInputProblems(runner: Runner, problems: readonly Problem[]): void {
  for (const problem of problems)
    if (problem.severity !== 'error')
      runner.warning(problem.message, { title: `keyfob: input ${problem.path.slice(1)}` });
}

function inputFailure(problems: readonly Problem[]): string {
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length === 1) return `Invalid input: ${errors[0]?.message ?? ''}`;
  return `${errors.length} inputs are invalid:\n${errors.map((p) => `- ${p.message}`).join('\n')}`;
}
