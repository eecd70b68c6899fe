import { StepFailure, type EngineStep } from '../step.ts';

/** `apply`: makes the engine match the role files. */
export function runApply(_step: EngineStep): Promise<void> {
  return Promise.reject(new StepFailure('mode apply is not available yet'));
}
