import { CloudError } from '../cloud/cloud-error.ts';
import { HttpError } from '../http/http-error.ts';

/**
 * Runs a provider call and maps its failure to the engine's answer: `<step>: <Code>: <text>`, 502 when
 * throttled (upstream rate limit), 400 otherwise, as the real engine does.
 */
export async function viaProvider<T>(step: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw providerFailure(step, error);
  }
}

const THROTTLING = /^(Throttling|ThrottlingException|RequestLimitExceeded|TooManyRequestsException)$/;

/** The HttpError for a provider failure (other errors pass through unchanged). */
export function providerFailure(step: string, error: unknown): unknown {
  if (error instanceof CloudError) return new HttpError(error.throttled ? 502 : 400, [`${step}: ${error.message}`]);
  const sdk = sdkError(error);
  if (!sdk) return error;
  if (sdk.status === undefined) return new HttpError(502, [`${step}: RequestError: send request failed: ${sdk.message}`]);
  return new HttpError(THROTTLING.test(sdk.code) ? 502 : 400, [`${step}: ${sdk.code}: ${sdk.message}`]);
}

/** An AWS SDK error: its wire code (`Code`, else the name without the SDK's `Exception`), text and HTTP status. */
function sdkError(error: unknown): { code: string; message: string; status: number | undefined } | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error || '$fault' in error || 'code' in error)) return undefined;
  const e = error as { Code?: unknown; name?: unknown; message?: unknown; $metadata?: { httpStatusCode?: number }; code?: unknown };
  const code = typeof e.Code === 'string' ? e.Code : typeof e.name === 'string' ? e.name.replace(/Exception$/, '') : 'Error';
  const message = typeof e.message === 'string' ? e.message : 'unknown error';
  return { code, message, status: e.$metadata?.httpStatusCode };
}
