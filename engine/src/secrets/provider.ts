import type { EngineCore } from '../engine-core.ts';
import type { CloudProvider } from './cloud-provider.ts';
import { embeddedProvider } from './embedded-provider.ts';
import type { MountData } from './mount-data.ts';
import { sdkProvider } from './sdk-provider.ts';

/**
 * The provider a mount's credential calls go to: the AWS SDK clients when config/root names an
 * IAM or STS endpoint or the engine runs with `providerClient: 'sdk'` (`--provider-client sdk`),
 * else direct calls into the embedded cloud.
 */
export function cloudProvider(core: EngineCore, mount: MountData): CloudProvider {
  const config = mount.rootConfig;
  const configured =
    config !== undefined &&
    (config.iamEndpoint !== '' || config.stsEndpoint !== '' || config.stsFallbackEndpoints.length > 0);
  return configured || core.settings.providerClient === 'sdk'
    ? sdkProvider(core, mount)
    : embeddedProvider(core, mount);
}
