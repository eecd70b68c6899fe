import { isEngineError } from '@keyfob/shared/client';
import { isConsistencyError } from '@keyfob/shared/credentials';
import type { EngineStep } from './step.ts';

/** Pause between attempts while a rotated root key propagates. */
const SETTLE_PAUSE_MS = 750;

/**
 * Runs an engine call, retrying it while the cloud still refuses a freshly rotated root key (see
 * `isConsistencyError`), for at most `rotate-root-settle` after the step began. Other failures pass
 * straight through; the client has already retried those that deserve it.
 */
export async function withSettle<T>(step: EngineStep, what: string, call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const elapsed = step.runner.now() - step.startedAt;
      if (!isEngineError(error) || !isConsistencyError(error) || elapsed + SETTLE_PAUSE_MS > step.engine.settleMs)
        throw error;
      step.runner.info(
        `${what}: the cloud does not accept the rotated root key yet (attempt ${attempt}); trying again in ${SETTLE_PAUSE_MS} ms.`,
      );
      await step.deps.sleep(SETTLE_PAUSE_MS);
    }
  }
}
