/**
 * An error answer: the status and the `errors` array of the body `{"errors":[...]}`.
 *
 * Handlers throw these; the HTTP layer turns them into responses. Messages must never contain a
 * token, secret key or session token.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    readonly errors: readonly string[],
  ) {
    super(errors[0] ?? `HTTP ${status}`);
  }
}

/**
 * The real engine wraps plain (non-user) errors in a Go multierror before answering 500; clients
 * match messages by substring, so keep the same text around ours.
 */
export function wrapMultiError(message: string): string {
  return `1 error occurred:\n\t* ${message}\n\n`;
}

/** 400 with the message verbatim (the engine's `logical.ErrorResponse`). */
export function badRequest(...messages: string[]): HttpError {
  return new HttpError(400, messages);
}

/** 500 with the message wrapped like the real engine's plain errors. */
export function internalError(message: string): HttpError {
  return new HttpError(500, [wrapMultiError(message)]);
}

/** 404 with an empty `errors` list (a read that found nothing, an empty LIST). */
export function notFound(): HttpError {
  return new HttpError(404, []);
}

/** 404 for a path no route of the mount matches (also names that break the name pattern). */
export function unsupportedPath(): HttpError {
  return new HttpError(404, [wrapMultiError('unsupported path')]);
}

/** 405 for a method the matched path does not offer. */
export function unsupportedOperation(): HttpError {
  return new HttpError(405, [wrapMultiError('unsupported operation')]);
}

/** The real engine's refusal text. */
export const PERMISSION_DENIED = 'permission denied';

/** 403 for a missing, unknown or expired token. */
export function permissionDenied(): HttpError {
  return new HttpError(403, [PERMISSION_DENIED]);
}
