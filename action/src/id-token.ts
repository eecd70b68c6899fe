/**
 * Asks the runner's token service for a GitHub OIDC ID token, as `@actions/core`'s `getIDToken` does
 * (`GET $ACTIONS_ID_TOKEN_REQUEST_URL&audience=...` with `Authorization: Bearer
 * $ACTIONS_ID_TOKEN_REQUEST_TOKEN`, answer `{"value": "<jwt>"}`), but through the step's own fetch:
 * that keeps proxy and CA settings in one place and spares the bundle the 430 kB HTTP client core
 * would pull in. Retries belong to the caller, which wants a fresh token per login attempt anyway.
 * Error messages never hold the request token or the ID token.
 */
export async function requestIdToken(env: Readonly<Record<string, string | undefined>>, audience: string | undefined, fetchImpl: typeof fetch, timeoutMs: number): Promise<string> {
  const base = env.ACTIONS_ID_TOKEN_REQUEST_URL ?? '';
  const requestToken = env.ACTIONS_ID_TOKEN_REQUEST_TOKEN ?? '';
  if (base === '' || requestToken === '') {
    throw new Error('the runner offers no OIDC token (ACTIONS_ID_TOKEN_REQUEST_URL/TOKEN are not set)');
  }
  const url = new URL(base);
  if (audience !== undefined && audience !== '') url.searchParams.set('audience', audience);
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { authorization: `Bearer ${requestToken}`, accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error instanceof Error ? error.name : 'error');
    throw new Error(`the runner's token service at ${url.origin} did not answer (${cause})`, { cause: error });
  }
  if (!response.ok) throw new Error(`the runner's token service answered ${response.status}`);
  const body = (await response.json().catch(() => undefined)) as { value?: unknown } | undefined;
  if (typeof body?.value !== 'string' || body.value === '') throw new Error("the runner's token service answered without a token");
  return body.value;
}
