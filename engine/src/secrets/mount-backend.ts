import type { EngineCore } from '../engine-core.ts';
import type { Backend } from '../http/route.ts';
import { configLeaseRoutes } from './config-lease-routes.ts';
import { configRootRoutes } from './config-root-routes.ts';
import { credentialRoutes } from './credential-routes.ts';
import type { MountData } from './mount-data.ts';
import { roleRoutes } from './role-routes.ts';
import { staticRoleRoutes } from './static-role-routes.ts';

/** Every seed 1 endpoint of one secrets mount, under `/v1/<mount>/`. */
export function mountBackend(core: EngineCore, mount: MountData): Backend {
  return {
    prefix: `${mount.mount}/`,
    mountType: 'cloud',
    routes: [
      ...configRootRoutes(core, mount),
      ...configLeaseRoutes(mount),
      ...roleRoutes(mount),
      ...credentialRoutes(core, mount),
      ...staticRoleRoutes(core, mount),
    ],
  };
}
