/** The token service failed; `retryable` when another request may succeed (network, 429, 5xx). */
export class IdTokenError extends Error {
  override readonly name = 'IdTokenError';
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Asks the runner's token service for a GitHub OIDC ID token, as `@actions/core`'s `getIDToken` does
 * (`GET $ACTIONS_ID_TOKEN_REQUEST_URL&audience=...` with `Authorization: Bearer
 * $ACTIONS_ID_TOKEN_REQUEST_TOKEN`, answer `{"value": "<jwt>"}`), but through the step's own fetch:
 * that keeps proxy and CA settings in one place and spares the bundle the 430 kB HTTP client core
 * would pull in. Retries belong to the caller, which wants a fresh token per login attempt anyway.
 * Error messages never hold the request token or the ID token; failures are `IdTokenError`.
 */
export async function requestIdToken(
  env: Readonly<Record<string, string | undefined>>,
  audience: string | undefined,
  fetchImpl: typeof fetch,
  timeoutMs: number,
): Promise<string> {
  const base = env.ACTIONS_ID_TOKEN_REQUEST_URL ?? '';
  const requestToken = env.ACTIONS_ID_TOKEN_REQUEST_TOKEN ?? '';
  if (base === '' || requestToken === '') {
    throw new IdTokenError('the runner offers no OIDC token (ACTIONS_ID_TOKEN_REQUEST_URL/TOKEN are not set)', false);
  }
  const url = new URL(base);
  if (audience !== undefined && audience !== '') url.searchParams.set('audience', audience);
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { authorization: `Bearer ${requestToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause =
      (error as { cause?: { code?: string } }).cause?.code ?? (error instanceof Error ? error.name : 'error');
    throw new IdTokenError(`the runner's token service at ${url.origin} did not answer (${cause})`, true, {
      cause: error,
    });
  }
  if (!response.ok)
    throw new IdTokenError(
      `the runner's token service answered ${response.status}`,
      response.status === 429 || response.status >= 500,
    );
  const body = (await response.json().catch(() => undefined)) as { value?: unknown } | undefined;
  if (typeof body?.value !== 'string' || body.value === '')
    throw new IdTokenError("the runner's token service answered without a token", false);
  return body.value;
}
