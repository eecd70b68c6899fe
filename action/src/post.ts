import { isEngineError } from '@keyfob/shared/client';
import type { AuthSettings, EngineSettings } from './action-config.ts';
import { CLEANUP_STATE, parseCleanupState, type CleanupState } from './cleanup-state.ts';
import { connect } from './connect.ts';
import { coreRunner } from './core-runner.ts';
import { defaultDeps, type Deps } from './deps.ts';
import { describeFailure } from './failure.ts';
import { readInputs } from './inputs.ts';
import { login } from './login.ts';
import { SecretBook } from './mask.ts';
import type { Runner } from './runner.ts';
import { removeProfileDir } from './profiles.ts';
import { readLedger } from './refresh.ts';
import { safeLog } from './safe-log.ts';
import { table } from './summary.ts';

/**
 * The post step (runs after the job, also when it failed): blanks every variable the main step
 * exported (variables cannot be unset, only emptied) and revokes the iam_user leases it created, so
 * the cloud user is deleted now rather than when the lease runs out. `cleanup: false` turns both
 * off. Problems become warnings: the job's own result stands.
 */
export async function run(raw: Runner = coreRunner(), deps: Deps = defaultDeps()): Promise<void> {
  const secrets = new SecretBook(raw);
  const runner = safeLog(raw, secrets);
  const state = parseCleanupState(runner.getState(CLEANUP_STATE));
  if (state.leases.length === 0 && state.variables.length === 0 && state.profileDirs.length === 0) {
    runner.debug('keyfob post step: nothing to clean up.');
    return;
  }
  const { config } = readInputs(runner, secrets);
  if (config && !config.cleanup) {
    runner.info('cleanup is false: leaving the exported variables and leases as they are.');
    return;
  }
  for (const name of state.variables) runner.exportVariable(name, '');
  if (state.variables.length > 0) runner.info(`Cleared ${state.variables.join(', ')}.`);
  // What refreshing profiles created is in their ledgers: read before the directories go.
  const ledger = state.profileDirs.flatMap((dir) => readLedger(dir));
  for (const entry of ledger) secrets.add(entry.token);
  const leases = [
    ...state.leases,
    ...ledger.flatMap((e) => (e.leaseId === undefined ? [] : [{ role: e.role ?? 'refresh', leaseId: e.leaseId }])),
  ];
  const tokens = ledger.flatMap((e) => (e.token === undefined ? [] : [e.token]));
  const revoked =
    config?.engine && config.auth
      ? await revokeLeases(
          { ...state, leases },
          { runner, secrets, deps, engine: config.engine, auth: config.auth },
          tokens,
        )
      : [];
  for (const dir of state.profileDirs) {
    if (removeProfileDir(dir, runner.env.RUNNER_TEMP)) runner.info(`Removed the AWS profile files in ${dir}.`);
    else runner.warning(`Did not remove ${dir}: not a keyfob profile directory in RUNNER_TEMP.`);
  }
  if (config?.summary !== false && revoked.length > 0) {
    const rows = revoked.map((r) => [r.role, r.leaseId, r.result]);
    await runner.appendSummary(`### keyfob: cleanup\n\n${table(['Role', 'Lease', 'Result'], rows)}\n\n`);
  }
}

interface Revoked {
  readonly role: string;
  readonly leaseId: string;
  readonly result: string;
}

interface RevokeContext {
  readonly runner: Runner;
  readonly secrets: SecretBook;
  readonly deps: Deps;
  readonly engine: EngineSettings;
  readonly auth: AuthSettings;
}

async function revokeLeases(
  state: CleanupState,
  context: RevokeContext,
  tokens: readonly string[] = [],
): Promise<Revoked[]> {
  if (state.leases.length === 0 && tokens.length === 0) return [];
  const { runner, secrets, deps, engine, auth } = context;
  const connection = await connect(engine, auth.method === 'token' ? auth.token : undefined, runner, deps, secrets);
  const results: Revoked[] = [];
  try {
    const session = await login(connection, auth, engine, runner, secrets, deps);
    for (const lease of state.leases) {
      try {
        await session.client.revokeLease(lease.leaseId);
        runner.info(`Revoked lease ${lease.leaseId} (${lease.role}): its cloud user is deleted.`);
        results.push({ ...lease, result: 'revoked' });
      } catch (error) {
        const why = isEngineError(error)
          ? `${error.status ?? error.code}: ${error.errors.join('; ') || error.message}`
          : String(error);
        runner.warning(
          secrets.redact(
            `Could not revoke lease ${lease.leaseId} (${lease.role}): ${why}. It ends on its own when its lease runs out.`,
          ),
        );
        results.push({ ...lease, result: 'not revoked' });
      }
    }
    // Login tokens of refreshes (kept alive for their iam_user leases); an expired one is gone already.
    let ended = 0;
    for (const token of tokens) {
      if (
        await session.client
          .withToken(token)
          .revokeSelf()
          .then(
            () => true,
            () => false,
          )
      )
        ended += 1;
    }
    if (tokens.length > 0)
      runner.info(`Revoked ${ended} of ${tokens.length} login tokens of credential refreshes (the rest had expired).`);
    if (session.ownToken) await session.client.revokeSelf().catch(() => undefined);
  } catch (error) {
    runner.warning(
      secrets.redact(
        `${describeFailure(error, undefined)} The leases were not revoked; they end on their own when they run out.`,
      ),
    );
  } finally {
    await connection.close();
  }
  return results;
}
