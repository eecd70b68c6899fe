import { EngineError } from './engine-error.ts';
import type { EngineResponse, RequestContext } from './engine-request.ts';
import { abortedError, networkError, timeoutError } from './request-failures.ts';
import { readAtMost } from './read-at-most.ts';
import { badResponseError, httpError, redirectError } from './response-errors.ts';

/** What came back before the body was interpreted. */
interface RawAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly bytes: Uint8Array;
}

/**
 * Sends one request and reads the whole body within `timeoutMs`. Resolves with a success (or an
 * accepted failure status); rejects with an `EngineError` for everything else: `ENGINE_HTTP`,
 * `ENGINE_TIMEOUT`, `ENGINE_NETWORK`, `ENGINE_ABORTED` or `ENGINE_BAD_RESPONSE`.
 */
export async function attemptRequest(
  ctx: RequestContext,
  timeoutMs: number,
): Promise<Omit<EngineResponse, 'attempts'>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = (): void => controller.abort();
  ctx.signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const answer = await untilAborted(fetchAnswer(ctx, controller.signal), controller.signal);
    return interpret(ctx, answer);
  } catch (thrown) {
    if (thrown instanceof EngineError) throw thrown;
    if (ctx.signal?.aborted) throw abortedError(ctx, 1);
    if (timedOut) throw timeoutError(ctx, timeoutMs);
    throw networkError(ctx, thrown);
  } finally {
    clearTimeout(timer);
    ctx.signal?.removeEventListener('abort', onCallerAbort);
  }
}

async function fetchAnswer(ctx: RequestContext, signal: AbortSignal): Promise<RawAnswer> {
  // `redirect: 'manual'`: fetch would forward custom headers, the token among them, to any host.
  const init: RequestInit & { dispatcher?: unknown } = {
    method: ctx.method,
    headers: ctx.headers,
    signal,
    redirect: 'manual',
    ...(ctx.body === undefined ? {} : { body: ctx.body }),
    ...(ctx.settings.dispatcher === undefined ? {} : { dispatcher: ctx.settings.dispatcher }),
  };
  let url = ctx.url;
  for (let hop = 0; ; hop++) {
    const response = await ctx.settings.fetch(url, init);
    const next = hop < MAX_REDIRECTS ? allowedRedirect(ctx, response, url) : undefined;
    if (next === undefined) {
      const bytes = await readBounded(ctx, response);
      return { status: response.status, headers: response.headers, bytes };
    }
    await response.body?.cancel().catch(() => undefined);
    url = next;
  }
}

/** Redirects followed for one request at most (a standby to the active node is one). */
const MAX_REDIRECTS = 3;

/**
 * Where a 307/308 leads, when the client may follow it: only to its own origin or a listed cluster
 * address (the token travels with the request). Other statuses change the method and are not followed.
 */
function allowedRedirect(ctx: RequestContext, response: Response, from: string): string | undefined {
  if (response.status !== 307 && response.status !== 308) return undefined;
  const location = response.headers.get('location');
  if (location === null) return undefined;
  try {
    const target = new URL(location, from);
    return ctx.settings.redirectOrigins.has(target.origin) ? target.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The body, read chunk by chunk up to `maxResponseBytes` (a declared Content-Length past it is refused
 * before reading): a 300 MB or endless answer costs at most the limit, never all of it in memory.
 */
async function readBounded(ctx: RequestContext, response: Response): Promise<Uint8Array> {
  const max = ctx.settings.maxResponseBytes;
  const tooLarge = (): EngineError =>
    badResponseError(ctx, `answer larger than ${max} bytes (maxResponseBytes)`, response.status);
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const { bytes, over } = await readAtMost(response, max);
  if (over) throw tooLarge();
  return bytes;
}

/**
 * Rejects as soon as `signal` aborts, even if the fetch in use ignores the signal, so a call can never
 * hang past its time limit.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new Error('aborted'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function interpret(ctx: RequestContext, answer: RawAnswer): Omit<EngineResponse, 'attempts'> {
  const { status, headers, bytes } = answer;
  const body = parseJson(bytes);
  if (status >= 200 && status < 300) {
    if (bytes.length > 0 && body === undefined) {
      throw badResponseError(ctx, `non-JSON response (${bytes.length} bytes)`, status);
    }
    return { status, headers, body };
  }
  if (ctx.request.accept?.includes(status)) return { status, headers, body };
  if (status >= 300 && status < 400) throw redirectError(ctx, status, headers.get('location'));
  throw httpError(ctx, status, headers, bytes.length, body);
}

function parseJson(bytes: Uint8Array): unknown {
  if (bytes.length === 0) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}
