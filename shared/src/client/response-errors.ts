import { EngineError } from './engine-error.ts';
import type { RequestContext } from './engine-request.ts';
import { HEALTH_STATUS } from './health-status.ts';
import { parseRetryAfter } from './parse-retry-after.ts';
import { waitKind } from './read-your-writes.ts';
import { WAIT_WORDS } from './request-failures.ts';
import { cutText } from './cut-text.ts';
import { redactSecrets } from './redact-secrets.ts';

/** Longest engine message kept in `EngineError.errors`, after redaction. */
const MAX_ENGINE_MESSAGE_LENGTH = 300;

/**
 * The engine's `errors` array, redacted and cut, or `undefined` when the body is not
 * `{"errors": [...]}`. Go multierror wrapping (`1 error occurred:\n\t* text\n\n`, which Vault puts
 * around plain handler errors) is unwrapped into its items.
 */
export function readEngineErrors(body: unknown, secrets: readonly string[]): string[] | undefined {
  if (body === null || typeof body !== 'object' || !Array.isArray((body as { errors?: unknown }).errors))
    return undefined;
  const items = (body as { errors: unknown[] }).errors;
  return items
    .filter((item): item is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof item))
    .flatMap((item) => unwrapMultiError(String(item)))
    .map((text) => cutText(redactSecrets(text, secrets), MAX_ENGINE_MESSAGE_LENGTH));
}

function unwrapMultiError(text: string): string[] {
  const header = /^\d+ errors? occurred:\s*\n/.exec(text);
  if (header === null) return [text];
  return text
    .slice(header[0].length)
    .split(/\n?\t\* /)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Whether a 404 names the path, not the resource: wrong mount, or a path this engine lacks. */
export function isUnsupportedPath(errors: readonly string[]): boolean {
  return errors.some((text) => /unsupported path|no handler for route/i.test(text));
}

/**
 * The error for a failure status. The message quotes the engine's own `errors`; any other body (a
 * proxy's HTML page, a custom engine's echo of the request) is only described by its size.
 */
export function httpError(
  ctx: RequestContext,
  status: number,
  headers: Headers,
  bytes: number,
  body: unknown,
): EngineError {
  const errors = readEngineErrors(body, ctx.secrets);
  const retryAfterMs = parseRetryAfter(headers.get('retry-after'), ctx.settings.now());
  const wait = waitKind({ status, errors: errors ?? [] });
  // A node's state codes (sealed, uninitialised, DR secondary...) in plain words; 200 and 429 are not failures of state.
  // 501 and 503 are ordinary codes too: only when the engine's own message says sealed or uninitialised.
  const plain =
    status === 200 ||
    status === 429 ||
    ((status === 501 || status === 503) && !(errors ?? []).some((e) => /sealed|initiali[sz]ed/i.test(e)));
  const state = plain ? undefined : HEALTH_STATUS[status];
  const said =
    wait !== undefined ? ` (${WAIT_WORDS[wait]})` : state !== undefined ? ` (the node is ${state.words})` : '';
  return new EngineError({
    code: 'ENGINE_HTTP',
    message: `${ctx.method} ${ctx.path} failed with ${status}: ${describeBody(errors, body, bytes)}${said}`,
    method: ctx.method,
    path: ctx.path,
    status,
    errors: errors ?? [],
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

function describeBody(errors: readonly string[] | undefined, body: unknown, bytes: number): string {
  if (errors !== undefined) return errors.length === 0 ? '(no message)' : oneLine(errors.join('; '));
  if (bytes === 0) return 'empty response';
  return body === undefined ? `non-JSON response (${bytes} bytes)` : `response without an errors list (${bytes} bytes)`;
}

/** The error for a redirect: not followed, because the token header would travel to the new place. */
export function redirectError(ctx: RequestContext, status: number, location: string | null): EngineError {
  let target = 'another address';
  try {
    if (location !== null) target = new URL(location, ctx.url).origin;
  } catch {
    // An unreadable Location: keep the generic wording.
  }
  return new EngineError({
    code: 'ENGINE_HTTP',
    message: `${ctx.method} ${ctx.path} was redirected (${status}) to ${target}; a redirect is followed only to the cluster addresses the user lists, so the token stays with known nodes. Set the url to the engine's own address, or list ${target} in the cluster addresses (cluster-addresses, --cluster-addresses) if it is a node of this cluster.`,
    method: ctx.method,
    path: ctx.path,
    status,
  });
}

/** A success status whose body cannot be used; the body itself is never quoted. */
export function badResponseError(
  ctx: Pick<RequestContext, 'method' | 'path'>,
  detail: string,
  status?: number,
  attempts?: number,
): EngineError {
  return new EngineError({
    code: 'ENGINE_BAD_RESPONSE',
    message: `${ctx.method} ${ctx.path} returned an unusable response: ${detail}`,
    method: ctx.method,
    path: ctx.path,
    ...(status === undefined ? {} : { status }),
    ...(attempts === undefined ? {} : { attempts }),
  });
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
