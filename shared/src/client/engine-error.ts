/**
 * What went wrong talking to the engine. `ENGINE_HTTP`: the engine answered with a failure status;
 * `ENGINE_NETWORK`: no answer (refused, reset, DNS, TLS); `ENGINE_TIMEOUT`: one request ran past
 * `requestTimeoutMs`; `ENGINE_TOTAL_TIMEOUT`: the overall budget ran out; `ENGINE_BAD_RESPONSE`: a
 * success status whose body we cannot use; `ENGINE_UNSUPPORTED`: the engine lacks the endpoint;
 * `ENGINE_ABORTED`: the caller's signal fired; `ENGINE_INVALID_NAME`: a role name the engine's path
 * pattern refuses (nothing was sent).
 */
export type EngineErrorCode =
  | 'ENGINE_HTTP'
  | 'ENGINE_NETWORK'
  | 'ENGINE_TIMEOUT'
  | 'ENGINE_TOTAL_TIMEOUT'
  | 'ENGINE_BAD_RESPONSE'
  | 'ENGINE_UNSUPPORTED'
  | 'ENGINE_ABORTED'
  | 'ENGINE_INVALID_NAME';

/** Everything an `EngineError` is built from. Every text in it must already be redacted. */
export interface EngineErrorInit {
  readonly code: EngineErrorCode;
  readonly message: string;
  readonly method: string;
  /** Request path without the query string, e.g. `/v1/cloud/creds/deploy`. */
  readonly path: string;
  readonly status?: number;
  readonly errors?: readonly string[];
  readonly attempts?: number;
  /** Low-level code of a network failure, such as `ECONNREFUSED`. */
  readonly networkCode?: string;
  /** Delay the engine asked for with `Retry-After`, in milliseconds. */
  readonly retryAfterMs?: number;
  /** A sanitised copy of the underlying failure (see `sanitizeCause`), never the raw object. */
  readonly cause?: unknown;
}

/**
 * The one error type of the engine client. `errors` holds the engine's own messages, redacted and cut
 * to about 300 characters each; tokens, secret keys, session tokens and JWTs never appear in the
 * message, in any field or in `cause`.
 */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly status: number | undefined;
  readonly method: string;
  readonly path: string;
  readonly errors: readonly string[];
  /** Requests sent before giving up (0 when nothing was sent). */
  readonly attempts: number;
  readonly networkCode: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(init: EngineErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'EngineError';
    this.code = init.code;
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.errors = Object.freeze([...(init.errors ?? [])]);
    this.attempts = init.attempts ?? 0;
    this.networkCode = init.networkCode;
    this.retryAfterMs = init.retryAfterMs;
  }

  /** The fields as plain data, for JSON output (`JSON.stringify(error)`). */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      status: this.status,
      method: this.method,
      path: this.path,
      errors: this.errors,
      attempts: this.attempts,
      networkCode: this.networkCode,
    };
  }

  /** The fields of this error, for building a changed copy. */
  toInit(): EngineErrorInit {
    return {
      code: this.code,
      message: this.message,
      method: this.method,
      path: this.path,
      errors: this.errors,
      attempts: this.attempts,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.networkCode === undefined ? {} : { networkCode: this.networkCode }),
      ...(this.retryAfterMs === undefined ? {} : { retryAfterMs: this.retryAfterMs }),
      ...(this.cause === undefined ? {} : { cause: this.cause }),
    };
  }
}

/**
 * The engine has no such endpoint (404 `unsupported path` or 405), e.g. `rotate-role/:name`, which is a
 * keyfob extension that HashiCorp Vault and OpenBao do not have. Code `ENGINE_UNSUPPORTED`.
 */
export class EngineUnsupportedError extends EngineError {
  constructor(init: Omit<EngineErrorInit, 'code'>) {
    super({ ...init, code: 'ENGINE_UNSUPPORTED' });
    this.name = 'EngineUnsupportedError';
  }
}

/** Whether `value` is an `EngineError` (also across bundle copies, by name and code). */
export function isEngineError(value: unknown): value is EngineError {
  if (value instanceof EngineError) return true;
  return (
    value instanceof Error &&
    typeof (value as { code?: unknown }).code === 'string' &&
    /^Engine\w*Error$/.test(value.name)
  );
}
