import { attemptRequest } from './attempt-request.ts';
import type { EngineError } from './engine-error.ts';
import {
  createRequestContext,
  type EngineRequest,
  type EngineResponse,
  type RequestContext,
} from './engine-request.ts';
import { abortedError, describeFailure, totalTimeoutError, withAttempts } from './request-failures.ts';
import type { ClientSettings } from './resolve-settings.ts';
import { recordIndex, waitKind, type WaitKind } from './read-your-writes.ts';
import { retryDelay } from './retry-delay.ts';
import { shouldRetry } from './should-retry.ts';

/**
 * Sends a request with the client's retry policy: up to `maxAttempts` attempts, each limited to
 * `requestTimeoutMs` and all of them, waits included, to `totalTimeoutMs`. The remaining budget is
 * checked before every attempt and every wait, so a call never outlives its budget.
 *
 * Rejects with the last `EngineError` (with `attempts` set), `ENGINE_TOTAL_TIMEOUT` when the budget
 * ran out first, or `ENGINE_ABORTED` when the caller's signal fired.
 */
export async function sendRequest(settings: ClientSettings, request: EngineRequest): Promise<EngineResponse> {
  const ctx = createRequestContext(settings, request);
  const deadline = settings.now() + settings.totalTimeoutMs;
  const { consistency } = settings;
  let last: EngineError | undefined;
  // Attempts that count against maxAttempts: a consistency wait or a rate limit does not (it lasts
  // as long as the call's time allows), unless retries are off.
  let counted = 0;
  let retriedFreshToken = false;
  for (let attempt = 1; ; attempt++) {
    if (ctx.signal?.aborted) throw abortedError(ctx, attempt - 1);
    const remaining = deadline - settings.now();
    if (remaining <= 0) throw totalTimeoutError(ctx, attempt - 1, last);
    const timeoutMs = Math.min(settings.requestTimeoutMs, remaining);
    try {
      const answer = await attemptRequest(ctx, timeoutMs);
      recordIndex(consistency, answer.headers);
      if (settings.token !== undefined && consistency.freshToken === settings.token) consistency.freshToken = undefined;
      return { ...answer, attempts: attempt };
    } catch (thrown) {
      const error = thrown as EngineError;
      if (error.code === 'ENGINE_ABORTED') throw abortedError(ctx, attempt);
      // The attempt was cut short by the overall budget, not by its own limit.
      if (error.code === 'ENGINE_TIMEOUT' && timeoutMs < settings.requestTimeoutMs)
        throw totalTimeoutError(ctx, attempt, error);
      const wait = error.code === 'ENGINE_HTTP' ? waitKind(error) : undefined;
      if (wait === undefined || settings.maxAttempts === 1) counted++;
      // A standby that has not seen a token issued a moment ago refuses it: once, that is worth another try.
      const freshToken =
        error.status === 403 &&
        !retriedFreshToken &&
        settings.token !== undefined &&
        consistency.freshToken === settings.token;
      if (freshToken) retriedFreshToken = true;
      if (counted >= settings.maxAttempts || !(freshToken || isRetryable(ctx, error)))
        throw withAttempts(error, attempt);
      await waitBeforeRetry(ctx, attempt, error, deadline, wait);
      last = error;
    }
  }
}

function isRetryable(ctx: RequestContext, error: EngineError): boolean {
  if (shouldRetry(error)) return true;
  if (error.code === 'ENGINE_ABORTED' || error.code === 'ENGINE_TOTAL_TIMEOUT') return false;
  return Boolean(ctx.settings.retryOn?.(error) || ctx.request.options?.retryOn?.(error));
}

async function waitBeforeRetry(
  ctx: RequestContext,
  attempt: number,
  error: EngineError,
  deadline: number,
  wait: WaitKind | undefined,
): Promise<void> {
  const { settings } = ctx;
  const remainingMs = deadline - settings.now();
  const delayMs = retryDelay({
    attempt,
    baseDelayMs: settings.baseDelayMs,
    maxDelayMs: settings.maxDelayMs,
    random: settings.random(),
    retryAfterMs: error.retryAfterMs,
    remainingMs,
  });
  // Waiting out the whole budget would leave no time for the attempt the wait is for.
  if (delayMs >= remainingMs) throw totalTimeoutError(ctx, attempt, error);
  settings.onRetry?.({
    attempt,
    delayMs,
    method: ctx.method,
    path: ctx.path,
    reason: describeFailure(error),
    error,
    ...(wait === undefined ? {} : { wait }),
  });
  try {
    await settings.sleep(delayMs, ctx.signal);
  } catch (thrown) {
    if (ctx.signal?.aborted) throw abortedError(ctx, attempt);
    throw thrown;
  }
}
