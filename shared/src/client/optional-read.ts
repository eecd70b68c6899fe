import type { ClientCore, ResponseParser } from './client-core.ts';
import { EngineError } from './engine-error.ts';
import { createRequestContext, type EngineRequest, type EngineResponse } from './engine-request.ts';
import { parseKeys } from './parse-role.ts';
import { httpError, isUnsupportedPath, readEngineErrors } from './response-errors.ts';

/**
 * Reads something that may not exist: `undefined` on 404. A 404 that names the path instead
 * (`unsupported path`: wrong mount, or an engine without this endpoint) is still an error.
 */
export async function readOptional<T>(
  core: ClientCore,
  request: EngineRequest,
  parse: ResponseParser<T>,
): Promise<T | undefined> {
  const response = await core.send({ ...request, accept: [404] });
  if (response.status === 404) {
    rejectUnsupportedPath(core, request, response);
    return undefined;
  }
  return core.parse(request, response, parse);
}

/** Lists names under a path; a 404 means none (the engine answers an empty list with 404). */
export async function listKeys(core: ClientCore, request: Omit<EngineRequest, 'method'>): Promise<string[]> {
  const list: EngineRequest =
    core.settings.listMethod === 'LIST'
      ? { ...request, method: 'LIST' }
      : { ...request, method: 'GET', query: { ...request.query, list: 'true' } };
  return (await readOptional(core, list, (body) => parseKeys(body))) ?? [];
}

/** Deletes; resolves `false` when the engine says there was nothing to delete (404). */
export async function deleteOptional(core: ClientCore, request: EngineRequest): Promise<boolean> {
  const response = await core.send({ ...request, accept: [404] });
  if (response.status !== 404) return true;
  rejectUnsupportedPath(core, request, response);
  return false;
}

/** The engine's messages of an accepted failure response, redacted. */
export function errorsOf(core: ClientCore, request: EngineRequest, response: EngineResponse): string[] {
  return readEngineErrors(response.body, createRequestContext(core.settings, request).secrets) ?? [];
}

/** The `ENGINE_HTTP` error an accepted failure response would have been. */
export function failureOf(core: ClientCore, request: EngineRequest, response: EngineResponse, hint = ''): EngineError {
  const error = httpError(
    createRequestContext(core.settings, request),
    response.status,
    response.headers,
    0,
    response.body,
  );
  return new EngineError({ ...error.toInit(), message: error.message + hint, attempts: response.attempts });
}

function rejectUnsupportedPath(core: ClientCore, request: EngineRequest, response: EngineResponse): void {
  if (!isUnsupportedPath(errorsOf(core, request, response))) return;
  throw failureOf(core, request, response, ` (is the mount "${core.settings.mount}" right?)`);
}
