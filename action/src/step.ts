import type { EngineClient } from '@keyfob/shared';
import type { ActionConfig, EngineSettings } from './action-config.ts';
import type { Deps } from './deps.ts';
import type { SecretBook } from './mask.ts';
import type { Runner } from './runner.ts';

/** What every mode works with. */
export interface Step {
  readonly config: ActionConfig;
  readonly runner: Runner;
  readonly secrets: SecretBook;
  readonly deps: Deps;
  /** When the step started (runner clock, ms): the rotate-root window and the overall budget count from here. */
  readonly startedAt: number;
}

/** A step that talks to the engine: logged in. */
export interface EngineStep extends Step {
  readonly client: EngineClient;
  readonly engine: EngineSettings;
}

/**
 * A failure the step already described completely (input errors, a refused operation); `run()`
 * hands its message to `setFailed` as it is.
 */
export class StepFailure extends Error {
  override readonly name = 'StepFailure';
}
