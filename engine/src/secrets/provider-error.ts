import { CloudError } from '../cloud/cloud-error.ts';
import { HttpError } from '../http/http-error.ts';

/**
 * Runs provider calls and maps a provider failure to the engine's answer: `<step>: <Code>: <text>`,
 * 502 when throttled (upstream rate limit), 400 otherwise, as the real engine does.
 */
export function withProvider<T>(step: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw providerFailure(step, error);
  }
}

/** The HttpError for a provider failure (other errors pass through unchanged). */
export function providerFailure(step: string, error: unknown): unknown {
  if (!(error instanceof CloudError)) return error;
  return new HttpError(error.throttled ? 502 : 400, [`${step}: ${error.message}`]);
}
