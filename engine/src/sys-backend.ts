import { capabilityRoutes } from './acl/capability-routes.ts';
import { policyRoutes } from './acl/policy-routes.ts';
import { isoTime } from './clock.ts';
import type { EngineCore } from './engine-core.ts';
import { dataResult } from './http/handler-result.ts';
import { path, type Backend } from './http/route.ts';
import { leaseRoutes } from './leases/lease-routes.ts';

/** `sys/`: leases, an unauthenticated health check, and the list of mounts. */
export function sysBackend(core: EngineCore): Backend {
  return {
    prefix: 'sys/',
    mountType: 'system',
    routes: [
      ...leaseRoutes(core),
      ...policyRoutes(core),
      ...capabilityRoutes(core),
      {
        pattern: path('health'),
        fields: [],
        unauthenticated: true,
        operations: {
          read: () => ({
            kind: 'raw',
            body: {
              initialized: true,
              sealed: false,
              standby: false,
              version: '0.1.0+keyfob',
              server_time_utc: Math.floor(core.clock.now() / 1000),
              engine_time: isoTime(core.clock.now()),
            },
          }),
        },
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
