import type { EngineCore } from '../engine-core.ts';
import { dataResult, type HandlerResult } from '../http/handler-result.ts';
import { badRequest, HttpError } from '../http/http-error.ts';
import type { Params } from '../http/parse-params.ts';
import { path, type RequestContext, type Route } from '../http/route.ts';
import { wrappedEnvelope } from '../http/wrap-answer.ts';

/** The real engine's `consts.ErrInvalidWrappingToken` (400). */
const INVALID_WRAPPING_TOKEN = 'wrapping token is not valid or does not exist';

/**
 * `sys/wrapping/*` as the real engine serves them. `lookup` needs no token (the real engine lists
 * it as unauthenticated); `unwrap`, `rewrap` and `wrap` pass the ACL like any path (the `default`
 * policy grants `wrap`, `lookup` and `unwrap`; a wrapping token's own policy grants `unwrap`). The
 * wrapping token comes in the body (`token`, a third party) or as the request's token; it is
 * checked before anything else, so a used, expired or unknown one is 400 `wrapping token is not
 * valid or does not exist`, whoever asks.
 */
export function wrappingRoutes(core: EngineCore): Route[] {
  const checkFirst = (params: Params, token: string | undefined): void => {
    if (!core.wrapping.find(wrappingToken(params, token))) throw badRequest(INVALID_WRAPPING_TOKEN);
  };
  return [
    {
      pattern: path('wrapping/lookup'),
      fields: ['token'],
      unauthenticated: true,
      checkFirst,
      operations: { update: (ctx) => lookup(core, ctx), read: (ctx) => lookup(core, ctx) },
    },
    {
      pattern: path('wrapping/unwrap'),
      fields: ['token'],
      checkFirst,
      operations: { update: (ctx) => unwrap(core, ctx) },
    },
    {
      pattern: path('wrapping/rewrap'),
      fields: ['token'],
      checkFirst,
      wrapsItself: true,
      operations: { update: (ctx) => rewrap(core, ctx) },
    },
    {
      pattern: path('wrapping/wrap'),
      fields: [],
      arbitraryInput: true,
      operations: { update: (ctx) => wrap(ctx) },
    },
  ];
}

/**
 * The wrapping token of a request: `token` in the body when given (the real engine's third-party
 * form; an empty or non-text one is refused as there), else the request's own token.
 */
function wrappingToken(params: Params, token: string | undefined): string | undefined {
  const given = params.token;
  if (given === undefined || given === null) return token;
  if (typeof given !== 'string')
    throw new HttpError(403, ['error validating wrapping token: could not decode token in request body']);
  if (given === '') throw new HttpError(403, ['error validating wrapping token: empty token in request body']);
  return given;
}

function found(core: EngineCore, ctx: RequestContext): NonNullable<ReturnType<EngineCore['wrapping']['find']>> {
  const hit = core.wrapping.find(wrappingToken(ctx.params, ctx.token));
  if (!hit) throw badRequest(INVALID_WRAPPING_TOKEN);
  return hit;
}

/** `creation_ttl`, `creation_time`, `creation_path`, without using the token up. */
function lookup(core: EngineCore, ctx: RequestContext): HandlerResult {
  const { answer } = found(core, ctx);
  return dataResult({
    creation_path: answer.creationPath,
    creation_time: answer.creationTime,
    creation_ttl: answer.creationTtl,
  });
}

/** The wrapped answer, once: the token is revoked and the answer forgotten. */
async function unwrap(core: EngineCore, ctx: RequestContext): Promise<HandlerResult> {
  const hit = found(core, ctx);
  await core.wrapping.consume(hit);
  return { kind: 'raw', body: JSON.parse(hit.answer.response) as Record<string, unknown> };
}

/** The same answer under a new token with the same TTL and creation path; the old token is used up. */
async function rewrap(core: EngineCore, ctx: RequestContext): Promise<HandlerResult> {
  const hit = found(core, ctx);
  await core.wrapping.consume(hit);
  const ttl = ctx.wrapTtl !== undefined ? Math.min(ctx.wrapTtl, hit.answer.creationTtl) : hit.answer.creationTtl;
  const info = core.wrapping.wrap({
    response: hit.answer.response,
    ttl,
    creationPath: hit.answer.creationPath,
    displayName: ctx.caller?.record.displayName ?? '',
  });
  return { kind: 'raw', body: wrappedEnvelope(info, null, ttl) };
}

/** Wraps the request's own parameters; only with `X-Vault-Wrap-TTL` (the dispatcher wraps the answer). */
function wrap(ctx: RequestContext): HandlerResult {
  if (ctx.wrapTtl === undefined) throw badRequest('endpoint requires response wrapping to be used');
  return dataResult(ctx.params);
}
