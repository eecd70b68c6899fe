import { StepFailure, type Step } from '../step.ts';

/** `lint`: checks role files with the shared rules (no engine needed). */
export function runLint(_step: Step): Promise<void> {
  return Promise.reject(new StepFailure('mode lint is not available yet'));
}
