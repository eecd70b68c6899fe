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
  const problem = providerProblem(error);
  return problem ? new HttpError(problem.throttled ? 502 : 400, [`${step}: ${problem.text}`]) : error;
}

/**
 * A provider failure (CloudError or AWS SDK error) as the engine words it: `<Code>: <message>`, or
 * `RequestError: send request failed: ...` when the endpoint could not be reached (which counts as
 * throttled: both are the upstream's fault, 502). Undefined for any other error.
 */
export function providerProblem(error: unknown): { readonly text: string; readonly throttled: boolean } | undefined {
  if (error instanceof CloudError) return { text: error.message, throttled: error.throttled };
  const sdk = sdkError(error);
  if (!sdk) return undefined;
  if (sdk.status === undefined) return { text: `RequestError: send request failed: ${sdk.message}`, throttled: true };
  return { text: `${sdk.code}: ${sdk.message}`, throttled: THROTTLING.test(sdk.code) };
}

/** An AWS SDK error: its wire code (`Code`, else the name without the SDK's `Exception`), text and HTTP status. */
function sdkError(error: unknown): { code: string; message: string; status: number | undefined } | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error || '$fault' in error || 'code' in error))
    return undefined;
  const e = error as {
    Code?: unknown;
    name?: unknown;
    message?: unknown;
    $metadata?: { httpStatusCode?: number };
    code?: unknown;
  };
  const code =
    typeof e.Code === 'string' ? e.Code : typeof e.name === 'string' ? e.name.replace(/Exception$/, '') : 'Error';
  const message = typeof e.message === 'string' ? e.message : 'unknown error';
  return { code, message, status: e.$metadata?.httpStatusCode };
}

/** Whether a provider failure (CloudError or AWS SDK error) carries the wire code `code`. */
export function isProviderError(error: unknown, code: string): boolean {
  if (error instanceof CloudError) return error.code === code;
  return sdkError(error)?.code === code;
}
