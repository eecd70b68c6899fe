import { capabilityRoutes } from './acl/capability-routes.ts';
import { policyRoutes } from './acl/policy-routes.ts';
import { isoTime } from './clock.ts';
import type { EngineCore } from './engine-core.ts';
import { dataResult, type HandlerResult } from './http/handler-result.ts';
import type { Params } from './http/parse-params.ts';
import { path, type Backend } from './http/route.ts';
import { leaseRoutes } from './leases/lease-routes.ts';
import { wrappingRoutes } from './wrapping/wrapping-routes.ts';

/** `sys/`: leases, an unauthenticated health check, and the list of mounts. */
export function sysBackend(core: EngineCore): Backend {
  return {
    prefix: 'sys/',
    mountType: 'system',
    routes: [
      ...leaseRoutes(core),
      ...policyRoutes(core),
      ...capabilityRoutes(core),
      ...wrappingRoutes(core),
      {
        pattern: path('health'),
        fields: HEALTH_FIELDS,
        unauthenticated: true,
        operations: { read: (ctx) => health(core, ctx.params) },
      },
      {
        pattern: path('mounts'),
        fields: [],
        operations: {
          read: () =>
            dataResult(
              Object.fromEntries(
                core.settings.mounts.map((m) => [
                  `${m}/`,
                  { type: 'cloud', description: 'keyfob cloud credentials engine', options: null },
                ]),
              ),
            ),
        },
      },
    ],
  };
}

/** The query flags of `sys/health` that change its status code (the real engine's names). */
const HEALTH_FIELDS = ['standbyok', 'perfstandbyok', 'activecode', 'standbycode', 'performancestandbycode'];

/**
 * `sys/health` as the real engine answers it: 200 on the active node, 429 on a standby, 473 on a
 * performance standby (`standbyok`/`perfstandbyok` make those 200; `*code` flags choose the codes).
 */
function health(core: EngineCore, params: Params): HandlerResult {
  const { role, clusterName, clusterId } = core.settings.node;
  const flag = (name: string): boolean => params[name] === 'true' || params[name] === '';
  const code = (name: string, fallback: number): number => {
    const n = Number(params[name]);
    return Number.isInteger(n) && n >= 100 && n <= 599 ? n : fallback;
  };
  const status =
    role === 'active'
      ? code('activecode', 200)
      : role === 'standby'
        ? flag('standbyok')
          ? 200
          : code('standbycode', 429)
        : flag('perfstandbyok')
          ? 200
          : code('performancestandbycode', 473);
  return {
    kind: 'raw',
    status,
    body: {
      initialized: true,
      sealed: false,
      standby: role !== 'active',
      performance_standby: role === 'perfstandby',
      replication_performance_mode: 'disabled',
      replication_dr_mode: 'disabled',
      server_time_utc: Math.floor(core.clock.now() / 1000),
      version: `${KEYFOB_VERSION}+keyfob`,
      cluster_name: clusterName,
      cluster_id: clusterId,
      engine_time: isoTime(core.clock.now()),
    },
  };
}

/** The version `sys/health` reports (`+keyfob` tells keyfob's engine from Vault and OpenBao). */
const KEYFOB_VERSION = '0.1.0';
