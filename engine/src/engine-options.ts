import type { ClusterFlavor } from './cluster/cluster-node.ts';
import type { StoreBackend } from './state/store.ts';

/** `keyfob serve --nodes N`: a cluster double (one active node, N - 1 standbys). */
export interface ClusterOptions {
  /** Nodes in all, the active one included (2 to 9). */
  readonly nodes: number;
  /** Milliseconds before a committed change reaches the standbys. */
  readonly replicationLagMs: number;
  /** How standbys answer a state they have not reached: Vault 412, OpenBao 429 + Retry-After. */
  readonly flavor: ClusterFlavor;
}

/** How to start an engine (the flags of `keyfob serve`). */
export interface EngineOptions {
  /** Interface to listen on; default `127.0.0.1`. */
  readonly host?: string;
  /** TCP port; 0 picks a free one; default 8200. */
  readonly port?: number;
  /**
   * Root token; replaces any earlier one. When absent: with a data directory that already holds a
   * root token (by hash), that one is kept; otherwise one is generated (`rootTokenGenerated`).
   */
  readonly rootToken?: string;
  /** TCP port of the emulated cloud's AWS endpoint (`cloudUrl`); default 0, a free port. */
  readonly cloudPort?: number;
  /**
   * How credential calls reach the embedded cloud when config/root names no endpoint: `direct`
   * (default; calls into it) or `sdk` (the AWS SDK clients, in process). Configured endpoints
   * always go through the SDK.
   */
  readonly providerClient?: 'direct' | 'sdk';
  /** Secrets mounts; default `["cloud"]`. */
  readonly mounts?: readonly string[];
  /** Keep state in this directory (created 0700); in memory when absent. */
  readonly dataDir?: string;
  /**
   * Fixtures to fill the emulated cloud with at start (the body of `PUT /v1/sys/dev/cloud`: users,
   * roles, policies...), checked by the same rules; refused ones throw `CloudFixturesError`. Applied
   * only to a cloud without users, so a data directory's kept cloud wins on later starts.
   */
  readonly cloud?: unknown;
  /** Enables the development control API under `/v1/sys/dev/`. */
  readonly dev?: boolean;
  /** Seconds of engine time a key made by rotate-root is refused by the cloud; default 5. */
  readonly consistencyDelaySeconds?: number;
  /** Environment for the credential chain (`CLOUD_ACCESS_KEY`, `CLOUD_SECRET_KEY`, `CLOUD_REGION`...). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Real milliseconds between scheduler ticks (expiry, rotation); default 1000. */
  readonly tickMs?: number;
  /** Milliseconds a client has to send a request head (every method, LIST too); default 10 000. */
  readonly headersTimeoutMs?: number;
  /** Milliseconds a client has to send a whole request; default 30 000. */
  readonly requestTimeoutMs?: number;
  /** Open connections at most; default 1024. */
  readonly maxConnections?: number;
  /**
   * Wraps the data directory's persistence (tests inject write failures such as a full disk where
   * no small file system can be mounted); default: none.
   */
  readonly wrapStoreBackend?: (backend: StoreBackend) => StoreBackend;
  /** Runs a cluster double instead of a single node (`RunningEngine.nodes` lists every node). */
  readonly cluster?: ClusterOptions;
  /**
   * Child namespaces of the root namespace (OpenBao / Vault Enterprise style): each has its own
   * mounts (the same `mounts` list), policies, tokens, JWT auth and leases; one clock and one cloud.
   */
  readonly namespaces?: readonly string[];
  /** Diagnostic lines (never secrets); default: nothing. */
  readonly log?: (line: string) => void;
}

/** Defaults of every option, in one place. */
export const ENGINE_DEFAULTS = {
  host: '127.0.0.1',
  port: 8200,
  cloudPort: 0,
  mounts: ['cloud'] as readonly string[],
  consistencyDelaySeconds: 5,
  tickMs: 1000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnections: 1024,
  /** Bounds of `--nodes` and `--replication-lag` (ms). */
  clusterNodes: { min: 1, max: 9 },
  replicationLagMs: { max: 60_000 },
  /** The real engine's mount default and max lease TTL: 768h. */
  mountLeaseSeconds: 768 * 3600,
  /** TTL of tokens created without one (the real engine's system default, 768h). */
  tokenTtlSeconds: 768 * 3600,
  /** Longest token TTL, also through renewal (the real engine's system maximum, 768h). */
  tokenMaxTtlSeconds: 768 * 3600,
  /** Default credential TTL (seed 1: `3600s`). */
  stsTtlSeconds: 3600,
  /** Minimum static role rotation period (seed 1: one minute). */
  minRotationSeconds: 60,
  /** Retry delay after a failed scheduled rotation (the real engine: 10 s). */
  rotationRetrySeconds: 10,
} as const;

/** Mount names: the engine's name pattern without dots or @, so they stay plain path segments. */
export const MOUNT_NAME = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?$/;

/** Namespace names (`--namespace`): one plain path segment, not `root`. At most `MAX_NAMESPACES`. */
export const NAMESPACE_NAME = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62}[A-Za-z0-9_])?$/;
export const MAX_NAMESPACES = 16;

/** Paths a mount may not take because the engine serves them itself. */
export const RESERVED_MOUNTS: readonly string[] = ['sys', 'auth', 'identity', 'cubbyhole'];
