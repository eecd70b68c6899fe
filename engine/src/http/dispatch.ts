import type { AccessRequest } from '../acl/authorize.ts';
import type { Caller } from '../auth/token-store.ts';
import { buildEnvelope, unknownParametersWarning } from './envelope.ts';
import type { HandlerResult } from './handler-result.ts';
import { HttpError, permissionDenied, unsupportedOperation, unsupportedPath, wrapMultiError } from './http-error.ts';
import { bodyParams, operationFor, queryParams, type Operation, type Params } from './parse-params.ts';
import type { RawRequest, RawResponse } from './raw-request.ts';
import type { Backend, Route } from './route.ts';
import { wrappedEnvelope, wrapTtlOf, type WrapInput } from './wrap-answer.ts';
import type { WrapInfo } from '../wrapping/wrapping-store.ts';

/** What the dispatcher needs from the engine. */
export interface DispatchDeps {
  readonly backends: () => readonly Backend[];
  readonly authenticate: (token: string | undefined) => Caller | undefined;
  /** The ACL check of an authenticated request; throws 403 when its policies do not allow it. */
  readonly authorize: (caller: Caller, request: AccessRequest) => void;
  /** Puts an answer into a single-use response-wrapping token (`X-Vault-Wrap-TTL`); returns its `wrap_info`. */
  readonly wrap: (input: WrapInput) => WrapInfo;
  /** Resolves when every change made so far is durable (awaited before answering). */
  readonly commit: () => Promise<void>;
  /** Reports unexpected failures (never with request bodies or tokens). */
  readonly onInternalError: (error: unknown, path: string) => void;
}

/**
 * Runs one request through the real engine's request model: operation from the method, parameters
 * from the query or the body, token check, route lookup (404 unknown path, 405 missing operation),
 * handler, envelope, and the durability wait.
 */
export async function dispatch(raw: RawRequest, deps: DispatchDeps): Promise<RawResponse> {
  let path = '';
  try {
    const url = new URL(raw.url, 'http://engine.invalid');
    if (!url.pathname.startsWith('/v1/')) throw new HttpError(404, []);
    const operation = operationFor(raw.method, url.searchParams);
    // As the real engine's HTTP layer: a LIST path always ends in `/`, so `LIST roles` and
    // `LIST roles/` (what clients that strip trailing slashes send) are one request, for routing
    // and for the ACL check alike.
    path = listPath(decodePath(url.pathname.slice(4)), operation);
    const found = findRoute(deps.backends(), path);
    const params = fieldParams(
      operation === 'update' ? bodyParams(raw.body, raw.headers['content-type']) : queryParams(url.searchParams),
      found,
    );
    const token = tokenOf(raw.headers);
    const wrapTtl = wrapTtlOf(raw.headers['x-vault-wrap-ttl']);
    found?.route?.checkFirst?.(params, token);
    const caller = found?.route?.unauthenticated ? undefined : deps.authenticate(token);
    if (!found?.route?.unauthenticated && !caller) throw permissionDenied();
    const remoteAddress = raw.remoteAddress;
    const ctx = {
      operation,
      path: found?.rest ?? path,
      params,
      vars: found?.vars ?? {},
      caller,
      token,
      remoteAddress,
      wrapTtl,
      keyfobSource: raw.headers['x-keyfob-source'],
    };
    // The real engine checks the token's bound CIDRs and its policies before routing: a path the
    // token may not reach is 403 even when nothing is there. A write to a route with an existence
    // check is `create` when absent.
    if (caller)
      deps.authorize(caller, {
        operation: operation === 'update' && found?.route?.exists?.(ctx) === false ? 'create' : operation,
        path,
        params,
        remoteAddress,
        wrapTtl,
      });
    if (!found) throw new HttpError(404, [`no handler for route "${path}". route entry not found.`]);
    if (!found.route) throw unsupportedPath();
    const handler = found.route.operations[operation];
    if (!handler) throw unsupportedOperation();
    const result = await commitOrReread(await handler(ctx), () => handler(ctx), operation, deps);
    const response = render(result, found.backend.mountType, unknownParameters(params, found.route));
    if (wrapTtl === undefined || found.route.wrapsItself || response.status !== 200 || response.body === undefined)
      return response;
    // As the real engine: a successful answer with a body goes into a wrapping token's cubbyhole,
    // the caller gets `wrap_info` (and the answer's warnings) instead.
    const info = deps.wrap({
      response: response.body,
      ttl: wrapTtl,
      creationPath: path,
      displayName: caller?.record.displayName ?? '',
      wrappedAccessor: result.kind === 'data' ? result.auth?.accessor : undefined,
    });
    await deps.commit();
    return { status: 200, body: JSON.stringify(wrappedEnvelope(info, warningsOf(response.body), wrapTtl)) };
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, body: JSON.stringify({ errors: error.errors }) };
    deps.onInternalError(error, path);
    const message = error instanceof Error ? error.message : String(error);
    return { status: 500, body: JSON.stringify({ errors: [wrapMultiError(message)] }) };
  }
}

/**
 * Waits until the state the answer was made from is durable. When that fails (a full disk), the
 * failed changes were rolled back: a write answers the error (it did not happen), while a read or a
 * list runs again on the rolled-back state, so reads keep working while writes cannot.
 */
async function commitOrReread(
  first: HandlerResult,
  again: () => HandlerResult | Promise<HandlerResult>,
  operation: string,
  deps: DispatchDeps,
): Promise<HandlerResult> {
  let result = first;
  for (let attempt = 0; ; attempt++) {
    try {
      await deps.commit();
      return result;
    } catch (error) {
      if ((operation !== 'read' && operation !== 'list') || attempt >= 2) throw error;
      result = await again();
    }
  }
}

function listPath(path: string, operation: Operation): string {
  return operation === 'list' && !path.endsWith('/') ? `${path}/` : path;
}

/**
 * The parameters a handler sees, by the real request framework's rules: a field the path takes
 * from the URL (`name` of `creds/:name`) comes from the URL, whatever the body or query say, and
 * is never an unknown parameter; a declared field sent as JSON `null` is "not given" (its default
 * applies, no type error), which is how many clients say "unset".
 */
function fieldParams(params: Params, found: Found | undefined): Params {
  const route = found?.route;
  if (!route) return params;
  const { vars } = found;
  // Per request: the keys are looked at in place, and a copy is made only when one is dropped.
  const dropped = (key: string, value: unknown): boolean =>
    (Object.hasOwn(vars, key) && vars[key] !== undefined) || (value === null && route.fields.includes(key));
  const keys = Object.keys(params);
  if (!keys.some((key) => dropped(key, params[key]))) return params;
  return Object.fromEntries(Object.entries(params).filter(([key, value]) => !dropped(key, value)));
}

function decodePath(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new HttpError(400, ['invalid path encoding']);
  }
}

/** The token from `X-Service-Token`, `X-Vault-Token` or `Authorization: Bearer`. */
function tokenOf(headers: RawRequest['headers']): string | undefined {
  const direct = headers['x-service-token'] ?? headers['x-vault-token'];
  if (direct) return direct;
  const auth = headers.authorization;
  return auth?.toLowerCase().startsWith('bearer ') ? auth.slice(7).trim() : undefined;
}

interface Found {
  readonly backend: Backend;
  readonly route: Route | undefined;
  readonly rest: string;
  readonly vars: Record<string, string>;
}

function findRoute(backends: readonly Backend[], path: string): Found | undefined {
  let backend: Backend | undefined;
  for (const b of backends) {
    if ((path.startsWith(b.prefix) || `${path}/` === b.prefix) && (!backend || b.prefix.length > backend.prefix.length))
      backend = b;
  }
  if (!backend) return undefined;
  const rest = path.slice(backend.prefix.length);
  for (const route of backend.routes) {
    const match = route.pattern.exec(rest);
    if (match) return { backend, route, rest, vars: { ...match.groups } };
  }
  return { backend, route: undefined, rest, vars: {} };
}

/** The warnings of a rendered answer (a wrapped answer keeps them outside the token, as the real engine). */
function warningsOf(body: string): readonly string[] | null {
  const parsed = JSON.parse(body) as { warnings?: unknown };
  return Array.isArray(parsed.warnings) ? (parsed.warnings as string[]) : null;
}

function unknownParameters(params: Params, route: Route): string[] {
  if (route.arbitraryInput) return [];
  return Object.keys(params).filter((key) => !route.fields.includes(key));
}

function render(result: HandlerResult, mountType: string, unknown: readonly string[]): RawResponse {
  if (result.kind === 'empty') return { status: 204, body: undefined };
  if (result.kind === 'raw') return { status: result.status ?? 200, body: JSON.stringify(result.body) };
  // The real engine's warning comes first on every answer with a body; the shared rules' notes on
  // the same keys (with a did-you-mean) follow it as keyfob's extra knowledge.
  const warnings = unknown.length > 0 ? [unknownParametersWarning(unknown)] : [];
  return { status: result.status ?? 200, body: JSON.stringify(buildEnvelope(result, warnings, mountType)) };
}
