import { pathCapabilities } from '@keyfob/shared/policies';
import type { Caller } from '../auth/token-store.ts';
import type { EngineCore } from '../engine-core.ts';
import { dataResult, type HandlerResult } from '../http/handler-result.ts';
import { badRequest } from '../http/http-error.ts';
import { path, type RequestContext, type Route } from '../http/route.ts';

/** Most paths asked about in one request. */
const MAX_PATHS = 256;

/**
 * `sys/capabilities-self` (the caller's token), `sys/capabilities` (`token`) and
 * `sys/capabilities-accessor` (`accessor`): for each path, the sorted capabilities the token's
 * policies grant there (`["root"]` for root, `["deny"]` when nothing), plus `capabilities` when
 * one path was asked.
 */
export function capabilityRoutes(core: EngineCore): Route[] {
  return [
    {
      pattern: path('capabilities-self'),
      fields: ['path', 'paths', 'token'],
      operations: { update: (ctx) => answer(core, ctx.caller, ctx) },
    },
    {
      pattern: path('capabilities'),
      fields: ['path', 'paths', 'token'],
      operations: { update: (ctx) => answer(core, byToken(core, ctx), ctx) },
    },
    {
      pattern: path('capabilities-accessor'),
      fields: ['path', 'paths', 'accessor'],
      operations: { update: (ctx) => answer(core, byAccessor(core, ctx), ctx) },
    },
  ];
}

function byToken(core: EngineCore, ctx: RequestContext): Caller {
  const token = ctx.params.token;
  if (typeof token !== 'string' || token === '') throw badRequest('missing token');
  const caller = core.tokens.authenticate(token);
  if (!caller) throw badRequest('invalid token');
  return caller;
}

function byAccessor(core: EngineCore, ctx: RequestContext): Caller {
  const accessor = ctx.params.accessor;
  if (typeof accessor !== 'string' || accessor === '') throw badRequest('missing accessor');
  const caller = core.tokens.byAccessor(accessor);
  if (!caller) throw badRequest('invalid accessor');
  return caller;
}

function answer(core: EngineCore, caller: Caller | undefined, ctx: RequestContext): HandlerResult {
  const paths = pathsOf(ctx.params);
  if (paths.length === 0) throw badRequest('paths must be supplied');
  if (paths.length > MAX_PATHS)
    throw badRequest(`at most ${MAX_PATHS} paths may be asked at once (got ${paths.length})`);
  const acl = core.policies.acl(caller?.record.policies ?? []);
  const data: Record<string, string[]> = {};
  for (const p of paths) data[p] = pathCapabilities(acl, p);
  if (paths.length === 1) data.capabilities = data[paths[0] as string] ?? ['deny'];
  return dataResult(data);
}

function pathsOf(params: Readonly<Record<string, unknown>>): string[] {
  const value = params.paths ?? params.path;
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return list
    .filter((p): p is string => typeof p === 'string')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}
