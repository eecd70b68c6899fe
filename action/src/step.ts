import type { EngineClient } from '@keyfob/shared/client';
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
  /** When a token the step logged in for expires (ms), if it does. */
  readonly tokenExpiresAt?: number | undefined;
}

/**
 * A failure the step already described completely (input errors, a refused operation); `run()`
 * hands its message to `setFailed` as it is.
 */
export class StepFailure extends Error {
  override readonly name = 'StepFailure';
}

/**
 * Whether an error is a `StepFailure`, also one thrown by a separately bundled chunk (lint and apply
 * live in dist/file-modes.cjs, with their own copy of the class), hence by name.
 */
export function isStepFailure(error: unknown): error is StepFailure {
  return error instanceof Error && error.name === 'StepFailure';
}
