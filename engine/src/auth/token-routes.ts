import { parseDuration } from '@keyfob/shared/duration';
import { isoTime } from '../clock.ts';
import type { EngineCore } from '../engine-core.ts';
import { ENGINE_DEFAULTS } from '../engine-options.ts';
import { dataResult, EMPTY, type HandlerResult } from '../http/handler-result.ts';
import { badRequest } from '../http/http-error.ts';
import type { Params } from '../http/parse-params.ts';
import { path, type Backend, type RequestContext } from '../http/route.ts';
import { allowOperation } from '@keyfob/shared/policies';
import { authBlock, tokenDisplayName } from './auth-block.ts';
import { isSubset, sanitizePolicies } from './token-policies.ts';
import { tokenTtl, ttlCappedWarning } from './token-ttl.ts';
import type { Caller } from './token-store.ts';

const CREATE_FIELDS = [
  'id',
  'display_name',
  'ttl',
  'explicit_max_ttl',
  'policies',
  'meta',
  'renewable',
  'no_parent',
  'no_default_policy',
  'num_uses',
  'period',
  'type',
  'entity_alias',
];

/** `auth/token/`: create, create-orphan, lookup-self, renew-self, revoke-self. */
export function tokenBackend(core: EngineCore): Backend {
  return {
    prefix: 'auth/token/',
    mountType: 'token',
    routes: [
      {
        pattern: path('create'),
        fields: CREATE_FIELDS,
        operations: { update: (ctx) => createToken(core, ctx, false) },
      },
      {
        pattern: path('create-orphan'),
        fields: CREATE_FIELDS,
        operations: { update: (ctx) => createToken(core, ctx, true) },
      },
      {
        pattern: path('lookup-self'),
        fields: [],
        operations: { read: (ctx) => lookupSelf(core, ctx), update: (ctx) => lookupSelf(core, ctx) },
      },
      { pattern: path('renew-self'), fields: ['increment'], operations: { update: (ctx) => renewSelf(core, ctx) } },
      { pattern: path('revoke-self'), fields: [], operations: { update: (ctx) => revokeSelf(core, ctx) } },
    ],
  };
}

function caller(ctx: RequestContext): Caller {
  if (!ctx.caller) throw new Error('token routes need a caller');
  return ctx.caller;
}

function createToken(core: EngineCore, ctx: RequestContext, orphanRoute: boolean): HandlerResult {
  const parent = caller(ctx);
  if (parent.record.type === 'batch') throw badRequest('batch tokens cannot create more tokens');
  const params = ctx.params;
  const parentRoot = parent.record.policies.includes('root');
  const acl = core.policies.acl(parent.record.policies);
  // Sudo is judged on the path asked (create or create-orphan), as the real engine does.
  const sudo = parentRoot || allowOperation(acl, { operation: 'update', path: `auth/token/${ctx.path}` }).rootPrivs;
  const noParent = truthy(params.no_parent) || orphanRoute;
  if (truthy(params.no_parent) && !sudo) throw badRequest('root or sudo privileges required to create orphan token');
  if (params.id !== undefined && params.id !== '' && !sudo)
    throw badRequest('root or sudo privileges required to specify token id');
  if (params.period !== undefined && params.period !== '' && params.period !== 0 && !sudo)
    throw badRequest('root or sudo privileges required to create periodic token');
  if (typeof params.num_uses === 'number' && params.num_uses < 0) throw badRequest('number of uses cannot be negative');
  const { policies, warnings } = childPolicies(core, parent.record.policies, list(params.policies), {
    sudo,
    parentRoot,
    noDefault: truthy(params.no_default_policy),
  });
  const explicitMax = createSeconds(params.explicit_max_ttl, 'explicit_max_ttl');
  const computed = tokenTtl({
    ttl: createSeconds(params.ttl, 'ttl'),
    explicitMaxTtl: explicitMax,
    root: policies.includes('root'),
    parentTtl: parent.record.ttl,
    systemDefault: ENGINE_DEFAULTS.tokenTtlSeconds,
    systemMax: ENGINE_DEFAULTS.tokenMaxTtlSeconds,
  });
  if ('error' in computed) throw badRequest(computed.error);
  const ttl = computed.ttl;
  const displayName = tokenDisplayName(typeof params.display_name === 'string' ? params.display_name : '');
  const { token, caller: created } = core.tokens.create({
    displayName,
    policies,
    meta: stringMap(params.meta),
    ttl,
    ...(explicitMax ? { explicitMaxTtl: explicitMax } : {}),
    renewable: ttl > 0 && params.renewable !== false && params.renewable !== 'false',
    path: `auth/token/${ctx.path}`,
    parent: noParent ? null : parent.hash,
    // A child is bound to its parent's CIDRs (an orphan is not), as the real engine binds it.
    ...(noParent ? {} : { boundCidrs: parent.record.boundCidrs ?? [] }),
    ...(typeof params.id === 'string' && params.id !== '' ? { token: params.id } : {}),
  });
  // The TTL calculation's warnings come before the unknown-policy ones, as in the real engine.
  const allWarnings = [...computed.warnings, ...warnings];
  return {
    kind: 'data',
    data: null,
    auth: authBlock(token, created, core.clock.now()),
    ...(allWarnings.length > 0 ? { warnings: allWarnings } : {}),
  };
}

interface ChildOptions {
  readonly sudo: boolean;
  readonly parentRoot: boolean;
  readonly noDefault: boolean;
}

/**
 * A child token's policies by the real engine's rules: none asked = the parent's; `root` only
 * from a root parent; without sudo only a subset of the parent's; `default` added when the parent
 * has it (or always with sudo) unless `no_default_policy`. Unknown names only warn.
 */
function childPolicies(
  core: EngineCore,
  parentPolicies: readonly string[],
  requested: readonly string[],
  options: ChildOptions,
): { policies: string[]; warnings: string[] } {
  const asked = sanitizePolicies(requested, false);
  if (asked.includes('root') && !options.parentRoot)
    throw badRequest('root tokens may not be created without parent token being root');
  const parent = sanitizePolicies(parentPolicies, false);
  if (!options.sudo && asked.length > 0 && !isSubset(asked, parent))
    throw badRequest('child policies must be subset of parent');
  const base = asked.length > 0 ? asked : parent;
  const addDefault = !options.noDefault && (options.sudo || parent.includes('default'));
  const policies = sanitizePolicies(options.noDefault ? base.filter((p) => p !== 'default') : base, addDefault);
  const known = new Set([...core.policies.names(), 'root']);
  const warnings = policies.filter((p) => !known.has(p)).map((p) => `Policy "${p}" does not exist`);
  return { policies, warnings };
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
    type: record.type ?? 'service',
    ...(record.boundCidrs && record.boundCidrs.length > 0 ? { bound_cidrs: record.boundCidrs } : {}),
  });
}

function renewSelf(core: EngineCore, ctx: RequestContext): HandlerResult {
  const self = caller(ctx);
  if (self.record.type === 'batch') throw badRequest('batch tokens cannot be renewed');
  if (!self.record.renewable || self.record.expiresAt === null) throw badRequest('lease is not renewable');
  const increment = seconds(ctx.params.increment, 'increment');
  const renewed = core.tokens.renew(self.hash, increment, ENGINE_DEFAULTS.tokenMaxTtlSeconds);
  if (!renewed) throw badRequest('token not found');
  const auth = authBlock(ctx.token ?? '', { hash: self.hash, record: renewed.record }, core.clock.now());
  const capped = renewed.capped;
  if (!capped) return { kind: 'data', data: null, auth };
  return { kind: 'data', data: null, auth, warnings: [ttlCappedWarning(capped.asked, capped.allowed)] };
}

async function revokeSelf(core: EngineCore, ctx: RequestContext): Promise<HandlerResult> {
  const self = caller(ctx);
  if (self.record.type === 'batch') throw badRequest('batch tokens cannot be revoked');
  await core.tokens.revoke(self.hash);
  return EMPTY;
}

function seconds(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const parsed = parseDuration(value, { allowInteger: true, field });
  if (parsed.seconds === undefined) throw badRequest(...parsed.problems.map((p) => `${p.message} [${p.code}]`));
  return Math.floor(parsed.seconds);
}

/** `ttl` and `explicit_max_ttl` of a create: a negative one is refused with the real engine's message first. */
function createSeconds(value: unknown, field: 'ttl' | 'explicit_max_ttl'): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const parsed = parseDuration(value, { allowInteger: true, field });
  if (parsed.seconds !== undefined) return Math.floor(parsed.seconds);
  const lines = parsed.problems.map((p) => `${p.message} [${p.code}]`);
  if (parsed.problems.some((p) => p.code === 'DURATION_NEGATIVE'))
    throw badRequest(`${field} must be positive: ${lines.join(' ')}`);
  throw badRequest(...lines);
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
