import { parseDuration } from '@keyfob/shared/duration';
import { isoTime } from '../clock.ts';
import type { EngineCore } from '../engine-core.ts';
import { ENGINE_DEFAULTS } from '../engine-options.ts';
import { dataResult, EMPTY, type HandlerResult } from '../http/handler-result.ts';
import { badRequest } from '../http/http-error.ts';
import type { Params } from '../http/parse-params.ts';
import { path, type Backend, type RequestContext } from '../http/route.ts';
import { authBlock, tokenDisplayName, tokenPolicies } from './auth-block.ts';
import type { Caller } from './token-store.ts';

const CREATE_FIELDS = ['display_name', 'ttl', 'explicit_max_ttl', 'policies', 'meta', 'renewable', 'no_parent', 'no_default_policy', 'num_uses', 'period', 'type', 'entity_alias'];

/** `auth/token/`: create, lookup-self, renew-self, revoke-self. */
export function tokenBackend(core: EngineCore): Backend {
  return {
    prefix: 'auth/token/',
    mountType: 'token',
    routes: [
      { pattern: path('create'), fields: CREATE_FIELDS, operations: { update: (ctx) => createToken(core, ctx) } },
      { pattern: path('lookup-self'), fields: [], operations: { read: (ctx) => lookupSelf(core, ctx), update: (ctx) => lookupSelf(core, ctx) } },
      { pattern: path('renew-self'), fields: ['increment'], operations: { update: (ctx) => renewSelf(core, ctx) } },
      { pattern: path('revoke-self'), fields: [], operations: { update: (ctx) => revokeSelf(core, ctx) } },
    ],
  };
}

function caller(ctx: RequestContext): Caller {
  if (!ctx.caller) throw new Error('token routes need a caller');
  return ctx.caller;
}

function createToken(core: EngineCore, ctx: RequestContext): HandlerResult {
  const parent = caller(ctx);
  const params = ctx.params;
  const ttl = seconds(params.ttl, 'ttl') ?? ENGINE_DEFAULTS.tokenTtlSeconds;
  const explicitMax = seconds(params.explicit_max_ttl, 'explicit_max_ttl');
  const displayName = tokenDisplayName(typeof params.display_name === 'string' ? params.display_name : '');
  const { token, caller: created } = core.tokens.create({
    displayName,
    policies: tokenPolicies(list(params.policies)),
    meta: stringMap(params.meta),
    ttl,
    ...(explicitMax !== undefined ? { explicitMaxTtl: explicitMax } : {}),
    renewable: params.renewable !== false && params.renewable !== 'false',
    path: 'auth/token/create',
    parent: truthy(params.no_parent) ? null : parent.hash,
  });
  return { kind: 'data', data: null, auth: authBlock(token, created, core.clock.now()) };
}

function lookupSelf(core: EngineCore, ctx: RequestContext): HandlerResult {
  const { record } = caller(ctx);
  const now = core.clock.now();
  return dataResult({
    accessor: record.accessor,
    creation_time: Math.floor(record.createdAt / 1000),
    creation_ttl: record.ttl,
    display_name: record.displayName,
    entity_id: '',
    expire_time: record.expiresAt === null ? null : isoTime(record.expiresAt),
    explicit_max_ttl: record.maxExpiresAt === null ? 0 : Math.round((record.maxExpiresAt - record.createdAt) / 1000),
    id: ctx.token ?? '',
    issue_time: isoTime(record.createdAt),
    meta: record.meta,
    num_uses: 0,
    orphan: record.parent === null,
    path: record.path,
    policies: record.policies,
    renewable: record.renewable,
    ttl: record.expiresAt === null ? 0 : Math.max(0, Math.round((record.expiresAt - now) / 1000)),
    type: 'service',
  });
}

function renewSelf(core: EngineCore, ctx: RequestContext): HandlerResult {
  const self = caller(ctx);
  if (!self.record.renewable || self.record.expiresAt === null) throw badRequest('lease is not renewable');
  const increment = seconds(ctx.params.increment, 'increment');
  const renewed = core.tokens.renew(self.hash, increment);
  if (!renewed) throw badRequest('token not found');
  return { kind: 'data', data: null, auth: authBlock(ctx.token ?? '', { hash: self.hash, record: renewed }, core.clock.now()) };
}

function revokeSelf(core: EngineCore, ctx: RequestContext): HandlerResult {
  core.tokens.revoke(caller(ctx).hash);
  return EMPTY;
}

function seconds(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const parsed = parseDuration(value, { allowInteger: true, field });
  if (parsed.seconds === undefined) throw badRequest(...parsed.problems.map((p) => `${p.message} [${p.code}]`));
  return Math.floor(parsed.seconds);
}

function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') return value.split(',').map((s) => s.trim());
  return [];
}

function stringMap(value: unknown): Record<string, string> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return Object.fromEntries(Object.entries(value as Params).map(([k, v]) => [k, String(v)]));
}

function truthy(value: unknown): boolean {
  return value === true || value === 'true' || value === '1';
}
