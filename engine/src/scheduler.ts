import type { EngineCore } from './engine-core.ts';
import { rotateDueStaticRoles } from './secrets/static-rotation.ts';

/** What one scheduler pass did. */
export interface TickReport {
  readonly expiredTokens: number;
  readonly expiredLeases: number;
  readonly rotations: number;
  readonly expiredSessions: number;
}

/**
 * Runs everything the engine clock made due: token expiry (which revokes their leases), lease
 * expiry (revoking like an explicit revoke), static role rotations, and the cleanup of expired
 * STS sessions. Resolves once the provider answered every call it made; the caller commits.
 */
async function runDue(core: EngineCore): Promise<TickReport> {
  const now = core.clock.now();
  const expiredTokens = await core.tokens.expire(now);
  core.wrapping.purgeExpired();
  const expiredLeases = await core.leases.expire(now);
  let rotations = 0;
  for (const name of core.settings.mounts) {
    const mount = core.mount(name);
    if (mount) rotations += await rotateDueStaticRoles(core, mount);
  }
  const expiredSessions = core.cloud.purgeExpiredSessions();
  return { expiredTokens, expiredLeases, rotations, expiredSessions };
}

/**
 * Runs `runDue` one pass at a time: the timer's pass is skipped while one is running (provider
 * calls may take a while); an explicit pass (the dev clock) waits for the running one, then runs.
 */
export class Scheduler {
  #chain: Promise<unknown> = Promise.resolve();
  #busy = false;

  constructor(
    private readonly core: EngineCore,
    private readonly log: (line: string) => void,
  ) {}

  /** One pass after any running one; resolves to its report. */
  run(): Promise<TickReport> {
    const pass = this.#chain.then(async () => {
      this.#busy = true;
      try {
        return await runDue(this.core);
      } finally {
        this.#busy = false;
      }
    });
    this.#chain = pass.catch(() => undefined);
    return pass;
  }

  /** The timer's pass: skipped when one is running; failures are logged, then the state is committed. */
  tick(): void {
    if (this.#busy) return;
    this.run()
      .catch((error: unknown) => this.log(`scheduler: ${error instanceof Error ? error.message : String(error)}`))
      .then(() => this.core.store.commit())
      .catch((error: unknown) =>
        this.log(`could not persist state: ${error instanceof Error ? error.message : String(error)}`),
      );
  }

  /** Resolves once no pass is running. */
  async idle(): Promise<void> {
    await this.#chain;
  }
}
