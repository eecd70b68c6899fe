import type { PolicyStore } from './acl/policy-store.ts';
import type { TokenStore } from './auth/token-store.ts';
import type { EngineClock } from './clock.ts';
import type { ClusterFlavor, NodeRole } from './cluster/cluster-node.ts';
import type { CloudCredentials } from './cloud/cloud-types.ts';
import type { EmulatedCloud } from './cloud/emulated-cloud.ts';
import type { LeaseManager } from './leases/lease-manager.ts';
import { MountData } from './secrets/mount-data.ts';
import type { Store } from './state/store.ts';
import type { WrappingStore } from './wrapping/wrapping-store.ts';

/** Resolved options every part of the engine reads. */
interface CoreSettings {
  readonly dev: boolean;
  readonly mounts: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly consistencyDelaySeconds: number;
  /** How credential calls reach the embedded cloud: `direct` (default) or through the AWS SDK (`sdk`). */
  readonly providerClient: 'direct' | 'sdk';
  /** This node's place in a cluster (`sys/health`); a single engine is the active node of its own. */
  readonly node: ClusterNodeSettings;
}

/** A node of `keyfob serve --nodes N`: its role, the cluster's flavour and name. */
export interface ClusterNodeSettings {
  readonly role: NodeRole;
  readonly flavor: ClusterFlavor | undefined;
  readonly clusterName: string;
  readonly clusterId: string;
}

/** The engine's services, shared by every backend. */
export interface EngineCore {
  readonly settings: CoreSettings;
  readonly clock: EngineClock;
  readonly store: Store;
  readonly cloud: EmulatedCloud;
  readonly tokens: TokenStore;
  readonly policies: PolicyStore;
  readonly leases: LeaseManager;
  /** Response-wrapping tokens' answers (`X-Vault-Wrap-TTL`, `sys/wrapping/*`). */
  readonly wrapping: WrappingStore;
  readonly mount: (name: string) => MountData | undefined;
  readonly log: (line: string) => void;
}

/** Builds the per-mount data accessors for the configured mounts. */
export function mountLookup(store: Store, mounts: readonly string[]): (name: string) => MountData | undefined {
  const data = new Map(mounts.map((m) => [m, new MountData(store, m)]));
  return (name) => data.get(name);
}

/**
 * The credentials a mount uses toward the provider, in seed 1's order: the static pair of
 * config/root, then `CLOUD_ACCESS_KEY`/`CLOUD_SECRET_KEY` from the environment, then the engine's
 * ambient identity (undefined: the instance-role case, always accepted by the emulated cloud).
 */
export function rootCredentials(core: EngineCore, mount: MountData): CloudCredentials | undefined {
  const config = mount.rootConfig;
  if (config && config.accessKey !== '') return { accessKey: config.accessKey, secretKey: config.secretKey };
  const accessKey = core.settings.env.CLOUD_ACCESS_KEY;
  const secretKey = core.settings.env.CLOUD_SECRET_KEY;
  if (accessKey && secretKey) return { accessKey, secretKey };
  return undefined;
}
