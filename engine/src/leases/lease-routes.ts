import { parseDuration } from '@keyfob/shared/duration';
import { isoTime } from '../clock.ts';
import type { EngineCore } from '../engine-core.ts';
import { dataResult, EMPTY, type HandlerResult } from '../http/handler-result.ts';
import { badRequest, HttpError, notFound } from '../http/http-error.ts';
import { path, type RequestContext, type Route } from '../http/route.ts';
import { providerFailure } from '../secrets/provider-error.ts';

/** `sys/leases/...`: lookup (and LIST lookup/<prefix>/), renew, revoke, revoke-prefix; and `sys/renew`, `sys/revoke`, `sys/revoke-prefix`. */
export function leaseRoutes(core: EngineCore): Route[] {
  return [
    {
      pattern: path('leases/lookup/?'),
      fields: ['lease_id'],
      operations: { update: (ctx) => lookup(core, leaseIdOf(ctx)), list: () => listLeases(core, '') },
    },
    {
      pattern: path('leases/lookup/(?<prefix>.+)'),
      fields: [],
      operations: { list: (ctx) => listLeases(core, ctx.vars.prefix ?? '') },
    },
    {
      pattern: path('leases/renew(?:/(?<id>.+))?'),
      fields: ['lease_id', 'increment'],
      operations: { update: (ctx) => renew(core, ctx) },
    },
    {
      pattern: path('leases/revoke(?:/(?<id>.+))?'),
      fields: ['lease_id', 'sync'],
      operations: { update: (ctx) => revoke(core, ctx) },
    },
    {
      pattern: path('leases/revoke-prefix/(?<prefix>.+)'),
      fields: ['sync'],
      operations: { update: (ctx) => revokePrefix(core, ctx) },
    },
    // The older paths the real engine still serves beside sys/leases/ (clients such as node-vault use them).
    {
      pattern: path('renew(?:/(?<id>.+))?'),
      fields: ['lease_id', 'increment'],
      operations: { update: (ctx) => renew(core, ctx) },
    },
    {
      pattern: path('revoke(?:/(?<id>.+))?'),
      fields: ['lease_id', 'sync'],
      operations: { update: (ctx) => revoke(core, ctx) },
    },
    {
      pattern: path('revoke-prefix/(?<prefix>.+)'),
      fields: ['sync'],
      operations: { update: (ctx) => revokePrefix(core, ctx) },
    },
  ];
}

function leaseIdOf(ctx: RequestContext): string {
  const id = ctx.vars.id ?? (typeof ctx.params.lease_id === 'string' ? ctx.params.lease_id : '');
  if (id === '') throw badRequest('lease_id must be specified');
  return id;
}

function lookup(core: EngineCore, id: string): HandlerResult {
  const lease = core.leases.get(id);
  if (!lease) throw badRequest('invalid lease');
  const now = core.clock.now();
  return dataResult({
    id: lease.id,
    issue_time: isoTime(lease.issuedAt),
    expire_time: isoTime(lease.expiresAt),
    last_renewal: lease.lastRenewal === null ? null : isoTime(lease.lastRenewal),
    renewable: lease.renewable,
    ttl: Math.max(0, Math.round((lease.expiresAt - now) / 1000)),
  });
}

function listLeases(core: EngineCore, prefix: string): HandlerResult {
  const keys = core.leases.list(prefix);
  if (keys.length === 0) throw notFound();
  return dataResult({ keys });
}

/** iam_user leases renew up to their max (with the real engine's warning); STS leases do not renew. */
function renew(core: EngineCore, ctx: RequestContext): HandlerResult {
  const id = leaseIdOf(ctx);
  const lease = core.leases.get(id);
  if (!lease) throw badRequest('lease not found');
  if (!lease.renewable) throw badRequest('lease is not renewable');
  let increment: number | undefined;
  if (ctx.params.increment !== undefined && ctx.params.increment !== '') {
    const parsed = parseDuration(ctx.params.increment, { allowInteger: true, field: 'increment' });
    if (parsed.seconds === undefined) throw badRequest(...parsed.problems.map((p) => `${p.message} [${p.code}]`));
    increment = Math.floor(parsed.seconds);
  }
  const { lease: renewed, warning } = core.leases.renew(lease, increment);
  const leaseDuration = Math.max(0, Math.round((renewed.expiresAt - core.clock.now()) / 1000));
  return {
    kind: 'data',
    data: null,
    lease: { leaseId: renewed.id, renewable: true, leaseDuration },
    ...(warning ? { warnings: [warning] } : {}),
  };
}

/** An unknown lease id is a no-op (204), as in the real engine. */
async function revoke(core: EngineCore, ctx: RequestContext): Promise<HandlerResult> {
  const id = leaseIdOf(ctx);
  try {
    await core.leases.revoke(id);
  } catch (error) {
    throw asRevokeError(error);
  }
  return EMPTY;
}

async function revokePrefix(core: EngineCore, ctx: RequestContext): Promise<HandlerResult> {
  try {
    await core.leases.revokePrefix(ctx.vars.prefix ?? '');
  } catch (error) {
    throw asRevokeError(error);
  }
  return EMPTY;
}

function asRevokeError(error: unknown): unknown {
  const mapped = providerFailure('failed to revoke lease', error);
  return mapped instanceof HttpError ? mapped : error;
}
