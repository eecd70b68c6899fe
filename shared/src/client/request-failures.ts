import { EngineError } from './engine-error.ts';
import type { RequestContext } from './engine-request.ts';
import { cutText } from './cut-text.ts';
import { waitKind } from './read-your-writes.ts';
import { findErrorCode, sanitizeCause } from './sanitize-cause.ts';

/** The engine could not be reached (refused, reset, DNS, TLS): `ENGINE_NETWORK`. */
export function networkError(ctx: RequestContext, thrown: unknown): EngineError {
  const networkCode = findErrorCode(thrown);
  const cause = sanitizeCause(thrown, ctx.secrets);
  const detail = networkCode ?? cause?.message ?? 'unknown failure';
  return new EngineError({
    code: 'ENGINE_NETWORK',
    message: `${ctx.method} ${ctx.path} could not reach the engine at ${ctx.settings.origin} (${detail})`,
    method: ctx.method,
    path: ctx.path,
    ...(networkCode === undefined ? {} : { networkCode }),
    ...(cause === undefined ? {} : { cause }),
  });
}

/** One request ran past its time limit: `ENGINE_TIMEOUT`. */
export function timeoutError(ctx: RequestContext, timeoutMs: number): EngineError {
  return new EngineError({
    code: 'ENGINE_TIMEOUT',
    message: `${ctx.method} ${ctx.path} got no complete answer within ${timeoutMs} ms`,
    method: ctx.method,
    path: ctx.path,
  });
}

/** The caller's signal fired: `ENGINE_ABORTED`. */
export function abortedError(ctx: RequestContext, attempts: number): EngineError {
  return new EngineError({
    code: 'ENGINE_ABORTED',
    message: `${ctx.method} ${ctx.path} was aborted by the caller`,
    method: ctx.method,
    path: ctx.path,
    attempts,
  });
}

/** The overall budget ran out: `ENGINE_TOTAL_TIMEOUT`, carrying the last failure's status and messages. */
export function totalTimeoutError(ctx: RequestContext, attempts: number, last: EngineError | undefined): EngineError {
  const tail = last === undefined ? '' : `; last error: ${describeFailure(last)}`;
  return new EngineError({
    code: 'ENGINE_TOTAL_TIMEOUT',
    message: `${ctx.method} ${ctx.path} gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}: the overall time limit of ${ctx.settings.totalTimeoutMs} ms ran out${tail}`,
    method: ctx.method,
    path: ctx.path,
    attempts,
    errors: last?.errors ?? [],
    ...(last?.status === undefined ? {} : { status: last.status }),
    ...(last?.networkCode === undefined ? {} : { networkCode: last.networkCode }),
    ...(last === undefined ? {} : { cause: last }),
  });
}

/** The final copy of an error, recording how many attempts were made. */
export function withAttempts(error: EngineError, attempts: number): EngineError {
  const message = attempts > 1 ? `${error.message} (after ${attempts} attempts)` : error.message;
  return new EngineError({ ...error.toInit(), message, attempts });
}

/** How a 412/429 reads in messages: a consistency wait is not a rate limit. */
export const WAIT_WORDS = {
  consistency: "consistency wait: this cluster node has not reached the client's last write yet",
  'rate-limit': 'rate limit: the engine asks the client to slow down',
} as const;

/** A short, secret-free cause for logs: `HTTP 503: sealed`, `timeout`, `network error (ECONNRESET)`. */
export function describeFailure(error: EngineError): string {
  switch (error.code) {
    case 'ENGINE_HTTP': {
      const first = error.errors[0];
      const head =
        first === undefined ? `HTTP ${error.status ?? '?'}` : `HTTP ${error.status ?? '?'}: ${cutText(first, 120)}`;
      const wait = waitKind(error);
      return wait === undefined ? head : `${head} (${WAIT_WORDS[wait]})`;
    }
    case 'ENGINE_TIMEOUT':
      return 'timeout';
    case 'ENGINE_NETWORK':
      return `network error (${error.networkCode ?? 'unknown'})`;
    default:
      return error.code;
  }
}
