import { loadHclParser } from '@keyfob/shared/hcl';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authorize } from './acl/authorize.ts';
import { PolicyStore } from './acl/policy-store.ts';
import { TokenStore } from './auth/token-store.ts';
import { tokenBackend } from './auth/token-routes.ts';
import { jwtBackend } from './auth/jwt-routes.ts';
import { EngineClock } from './clock.ts';
import { applyFixtures } from './cloud/cloud-fixtures.ts';
import { CloudFixturesError } from './cloud/cloud-fixtures-error.ts';
import { EmulatedCloud } from './cloud/emulated-cloud.ts';
import { createCloudServer } from './cloud/protocol/cloud-server.ts';
import { rolePolicyOrigin } from './secrets/policy-origin.ts';
import { devBackend } from './dev/dev-backend.ts';
import { mountLookup, type ClusterNodeSettings, type EngineCore } from './engine-core.ts';
import {
  ENGINE_DEFAULTS,
  MAX_NAMESPACES,
  MOUNT_NAME,
  NAMESPACE_NAME,
  RESERVED_MOUNTS,
  type EngineOptions,
} from './engine-options.ts';
import { newClusterId, newSecretKey, newServiceToken } from './ids.ts';
import { dispatch, type DispatchDeps } from './http/dispatch.ts';
import type { RawRequest, RawResponse } from './http/raw-request.ts';
import { createEngineServer, type RequestHandler } from './http/http-server.ts';
import { activeNode, standbyNode, STANDBY_ROLE, type NodeRole } from './cluster/cluster-node.ts';
import { Replica, ReplicationLog } from './cluster/replication.ts';
import type { Backend } from './http/route.ts';
import { LeaseManager } from './leases/lease-manager.ts';
import { Scheduler } from './scheduler.ts';
import { mountBackend } from './secrets/mount-backend.ts';
import { FileBackend } from './state/file-backend.ts';
import { namespaceStore, Store } from './state/store.ts';
import { namespacedHandler } from './http/namespaces.ts';
import { sysBackend } from './sys-backend.ts';
import { wireRevocation } from './wire-revocation.ts';
import { WrappingStore } from './wrapping/wrapping-store.ts';

/** A running engine. */
export interface RunningEngine {
  /** `http://HOST:PORT` (no trailing slash, no `/v1`). */
  readonly url: string;
  readonly port: number;
  /**
   * The emulated cloud's AWS endpoint (IAM and STS Query API with SigV4), `http://HOST:PORT`:
   * `--endpoint-url` for the AWS CLI, `endpoint` for the SDK clients.
   */
  readonly cloudUrl: string;
  readonly mounts: readonly string[];
  /**
   * The root token when this run knows it: given, or generated at this start. Undefined when the
   * data directory kept the root token of an earlier start (only its hash is stored).
   */
  readonly rootToken: string | undefined;
  /** True when the root token was generated for this run (print it once). */
  readonly rootTokenGenerated: boolean;
  /** True when the data directory's root token from an earlier start was kept (it still works). */
  readonly rootTokenKept: boolean;
  /** Every node: the active one first (its `url` is `url`), then the standbys of a cluster double. */
  readonly nodes: readonly { readonly url: string; readonly role: NodeRole }[];
  /** Every route the engine serves (for the authorisation matrix test and `keyfob access`). */
  readonly routes: readonly RouteInfo[];
  /** Stops listening, finishes pending writes and releases the data directory. */
  stop(): Promise<void>;
}

/** One route of the engine: its full-path pattern (under `/v1/`) and the operations it offers. */
export interface RouteInfo {
  /** Anchored pattern over the full path, e.g. `^cloud/roles/(?<name>...)$`. */
  readonly pattern: RegExp;
  readonly operations: readonly string[];
  readonly unauthenticated: boolean;
}

/**
 * Starts the engine: loads state (from `dataDir` when given), makes the root token, listens, and
 * runs the scheduler. Resolves once the server accepts connections.
 *
 * @example const engine = await startEngine({ port: 0, dev: true }); // engine.url, engine.rootToken
 */
export async function startEngine(options: EngineOptions = {}): Promise<RunningEngine> {
  await loadHclParser(); // ACL policies are HCL
  const mounts = checkMounts(options.mounts ?? ENGINE_DEFAULTS.mounts);
  const log = options.log ?? (() => undefined);
  const { store, file } = loadStore(options.dataDir);
  const cluster = options.cluster !== undefined && options.cluster.nodes > 1 ? options.cluster : undefined;
  const clusterId = newClusterId();
  const identity = { id: clusterId, key: newSecretKey() };
  const node = (role: NodeRole): ClusterNodeSettings => ({
    role,
    flavor: cluster?.flavor,
    clusterName: cluster ? `keyfob-${cluster.flavor}` : 'keyfob',
    clusterId,
  });
  const core = buildCore(store, options, mounts, log, node('active'));
  await seedCloud(core, options, log, file);
  const root = settleRootToken(core, options.rootToken, file !== undefined);
  if (file) {
    try {
      // A full disk at start-up stops the engine here, naming the directory and the reason
      // (diskError), before it accepts a request it could not keep.
      await file.compact(store.snapshot());
    } catch (error) {
      await file.close();
      throw error;
    }
  }
  const durable = file && (options.wrapStoreBackend ? options.wrapStoreBackend(file) : file);
  const replication = cluster ? new ReplicationLog(durable) : undefined;
  const backend = replication ?? durable;
  if (backend) store.attach(backend);
  await store.commit();
  const meta = store.table<{ offsetMs: number }>('meta');
  const scheduler = new Scheduler(core, log);
  const backends = buildBackends(core, scheduler, () => meta.set('clock', { offsetMs: core.clock.offsetMs }));
  const deps = dispatchDeps(core, backends);
  const spaces = startNamespaces(core, store, options, mounts, log);
  const schedulers = [scheduler, ...spaces.schedulers];
  const local: RequestHandler = namespacedHandler((request) => dispatch(request, deps), spaces.handlers);
  const at = { mounts, namespaces: new Set(spaces.handlers.keys()) };
  const handle = replication ? activeNode(local, identity, () => replication.index, at) : local;
  const limits = {
    headersTimeoutMs: options.headersTimeoutMs ?? ENGINE_DEFAULTS.headersTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs ?? ENGINE_DEFAULTS.requestTimeoutMs,
    maxConnections: options.maxConnections ?? ENGINE_DEFAULTS.maxConnections,
  };
  const server = createEngineServer(handle, limits);
  const host = options.host ?? ENGINE_DEFAULTS.host;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  const servers: Server[] = [server];
  const replicas: Replica[] = [];
  const nodes: { url: string; role: NodeRole }[] = [];
  try {
    const port = await listen(server, host, options.port ?? ENGINE_DEFAULTS.port);
    const url = `http://${hostPart}:${port}`;
    nodes.push({ url, role: 'active' });
    for (let i = 1; cluster && replication && i < cluster.nodes; i++) {
      const standby = startStandby(store, options, mounts, log, node(STANDBY_ROLE[cluster.flavor]), replication, {
        core,
        spaces: spaces.cores,
      });
      replicas.push(standby.replica);
      const standbyServer = createEngineServer(
        standbyNode(standby.handle, {
          flavor: cluster.flavor,
          cluster: identity,
          at,
          lagMs: cluster.replicationLagMs,
          applied: () => standby.replica.applied,
          active: handle,
          activeUrl: () => url,
        }),
        limits,
      );
      servers.push(standbyServer);
      nodes.push({
        url: `http://${hostPart}:${await listen(standbyServer, host, 0)}`,
        role: STANDBY_ROLE[cluster.flavor],
      });
    }
  } catch (error) {
    await Promise.all(servers.map(closeServer));
    throw error;
  }
  const cloudServer = createCloudServer({ cloud: core.cloud, commit: () => store.commit(), log });
  let cloudPort: number;
  try {
    cloudPort = await listen(cloudServer, host, options.cloudPort ?? ENGINE_DEFAULTS.cloudPort);
  } catch (error) {
    await Promise.all(servers.map(closeServer));
    throw error;
  }
  const timer = setInterval(() => {
    for (const s of schedulers) s.tick();
  }, options.tickMs ?? ENGINE_DEFAULTS.tickMs);
  const active = nodes[0] as { url: string; role: NodeRole };
  return {
    url: active.url,
    port: Number(new URL(active.url).port),
    cloudUrl: `http://${hostPart}:${cloudPort}`,
    mounts,
    nodes,
    rootToken: root.token,
    rootTokenGenerated: root.generated,
    rootTokenKept: root.kept,
    routes: routeTable(backends),
    stop: async () => {
      clearInterval(timer);
      for (const replica of replicas) replica.stop();
      await Promise.all(schedulers.map((s) => s.idle()));
      await Promise.all([...servers.map(closeServer), closeServer(cloudServer)]);
      await store.commit();
      await file?.close();
    },
  };
}

/**
 * A standby of the cluster double: the engine's own services over a copy of the active node's
 * state, kept current by replication, its child namespaces over their tables of that copy; no
 * scheduler runs on it (expiry and rotation are the active node's, and reach it replicated).
 */
function startStandby(
  activeStore: Store,
  options: EngineOptions,
  mounts: readonly string[],
  log: (line: string) => void,
  node: ClusterNodeSettings,
  replication: ReplicationLog,
  active: { readonly core: EngineCore; readonly spaces: ReadonlyMap<string, EngineCore> },
): { handle: RequestHandler; replica: Replica } {
  const store = new Store();
  store.loadSnapshot(activeStore.snapshot());
  const core = buildCore(store, options, mounts, log, node);
  // The dev clock's offset is replicated like everything else; the standby's clock follows it.
  store.table<{ offsetMs: number }>('meta').observe((key, _before, after) => {
    if (key === 'clock' && after && after.offsetMs > core.clock.offsetMs)
      core.clock.advance((after.offsetMs - core.clock.offsetMs) / 1000);
  });
  const replica = new Replica(store, options.cluster?.replicationLagMs ?? 0, replication.index);
  replication.add(replica);
  const deps = dispatchDeps(
    core,
    buildBackends(core, new Scheduler(core, log), () => undefined),
  );
  // A batch token is read on any node at once (it carries its own record); a service token only
  // once it was replicated here.
  const authenticate = (token: string | undefined): ReturnType<DispatchDeps['authenticate']> =>
    core.tokens.authenticate(token) ?? active.core.tokens.authenticateBatch(token);
  const spaces = startNamespaces(core, store, options, mounts, log, active.spaces);
  const handle = namespacedHandler((request) => dispatch(request, { ...deps, authenticate }), spaces.handlers);
  return { handle, replica };
}

/**
 * The child namespaces (`--namespace`): each the engine's own services over its tables of the one
 * store (`ns/<name>/…`), with the root namespace's clock and cloud, its own scheduler, and a
 * dispatcher whose tokens are its own; the root namespace's root tokens reach it too (their `root`
 * policy allows everything everywhere, as in the real engine). On a standby (`batchFrom`: the
 * active node's namespaces) the schedulers are not run, and a namespace's batch tokens are read
 * from the active node's at once, as the root namespace's are.
 */
function startNamespaces(
  root: EngineCore,
  store: Store,
  options: EngineOptions,
  mounts: readonly string[],
  log: (line: string) => void,
  batchFrom?: ReadonlyMap<string, EngineCore>,
): { handlers: Map<string, RequestHandler>; schedulers: Scheduler[]; cores: Map<string, EngineCore> } {
  const names = checkNamespaces(options.namespaces ?? [], mounts);
  const handlers = new Map<string, RequestHandler>();
  const schedulers: Scheduler[] = [];
  const cores = new Map<string, EngineCore>();
  for (const name of names) {
    const core = buildCore(namespaceStore(store, name), { ...options, dev: false }, mounts, log, root.settings.node, {
      clock: root.clock,
      cloud: root.cloud,
    });
    const scheduler = new Scheduler(core, log);
    schedulers.push(scheduler);
    const deps = dispatchDeps(
      core,
      buildBackends(core, scheduler, () => undefined),
    );
    const authenticate = (token: string | undefined): ReturnType<DispatchDeps['authenticate']> => {
      const own = core.tokens.authenticate(token);
      if (own) return own;
      const fromRoot = root.tokens.authenticate(token);
      if (fromRoot?.record.policies.includes('root')) return fromRoot;
      return batchFrom?.get(name)?.tokens.authenticateBatch(token);
    };
    handlers.set(name, (request) => dispatch(request, { ...deps, authenticate }));
    cores.set(name, core);
  }
  return { handlers, schedulers, cores };
}

function checkNamespaces(names: readonly string[], mounts: readonly string[]): string[] {
  const out = [...new Set(names)];
  if (out.length > MAX_NAMESPACES)
    throw new Error(`at most ${MAX_NAMESPACES} namespaces (--namespace), not ${out.length}`);
  for (const n of out)
    if (!NAMESPACE_NAME.test(n) || n === 'root' || RESERVED_MOUNTS.includes(n) || mounts.includes(n))
      throw new Error(
        `invalid namespace name "${n}": letters, digits, "_" and "-" (at most 64), not root, sys, auth, identity, cubbyhole or a mount's name`,
      );
  return out;
}

/** What the dispatcher needs, from the engine's services. */
function dispatchDeps(core: EngineCore, backends: readonly Backend[]): DispatchDeps {
  return {
    backends: () => backends,
    authenticate: (token) => core.tokens.authenticate(token),
    authorize: (caller, request) => authorize(core.policies, caller, request),
    wrap: (input) => core.wrapping.wrap(input),
    commit: () => core.store.commit(),
    onInternalError: (error, path) =>
      core.log(`internal error on ${path}: ${error instanceof Error ? error.message : String(error)}`),
  };
}

/**
 * An in-memory engine without a server or scheduler: its services and the request handler every
 * HTTP request goes through. The lease-scale bench fills `core.leases` and times requests with it.
 */
export function engineInMemory(options: Pick<EngineOptions, 'mounts' | 'rootToken' | 'log' | 'providerClient'> = {}): {
  core: EngineCore;
  rootToken: string;
  handle: (request: RawRequest) => Promise<RawResponse>;
} {
  const mounts = checkMounts(options.mounts ?? ENGINE_DEFAULTS.mounts);
  const core = buildCore(new Store(), options, mounts, options.log ?? (() => undefined), {
    role: 'active',
    flavor: undefined,
    clusterName: 'keyfob',
    clusterId: newClusterId(),
  });
  const root = settleRootToken(core, options.rootToken, false);
  const deps = dispatchDeps(
    core,
    buildBackends(core, new Scheduler(core, core.log), () => undefined),
  );
  return { core, rootToken: root.token ?? '', handle: (request) => dispatch(request, deps) };
}

/**
 * The root token of this run. A data directory keeps the root token across restarts (stored by
 * hash like every token), so the token printed at its first start keeps working; a given token
 * (`--root-token`) replaces it and the earlier one stops working. In memory, or when the data
 * directory has none yet, a new one is generated.
 */
function settleRootToken(
  core: EngineCore,
  given: string | undefined,
  durable: boolean,
): { token: string | undefined; generated: boolean; kept: boolean } {
  if (given === undefined && durable && core.tokens.hasRootToken())
    return { token: undefined, generated: false, kept: true };
  const token = given ?? newServiceToken();
  core.tokens.dropRootTokens();
  core.tokens.create({ token, displayName: 'root', policies: ['root'], ttl: 0, root: true, path: 'auth/token/root' });
  return { token, generated: given === undefined, kept: false };
}

function routeTable(backends: readonly Backend[]): RouteInfo[] {
  return backends.flatMap((b) =>
    b.routes.map((r) => ({
      pattern: new RegExp(`^${b.prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${r.pattern.source.replace(/^\^/, '')}`),
      operations: Object.keys(r.operations),
      unauthenticated: r.unauthenticated === true,
    })),
  );
}

/** The store, filled from the data directory when there is one. */
function loadStore(dataDir: string | undefined): { store: Store; file: FileBackend | undefined } {
  const store = new Store();
  if (dataDir === undefined) return { store, file: undefined };
  const { backend, loaded } = FileBackend.load(dataDir);
  store.loadSnapshot(loaded.tables);
  store.replay(loaded.ops);
  return { store, file: backend };
}

function buildCore(
  store: Store,
  options: EngineOptions,
  mounts: readonly string[],
  log: (line: string) => void,
  node: ClusterNodeSettings,
  shared?: { readonly clock: EngineClock; readonly cloud: EmulatedCloud },
): EngineCore {
  const clock = shared?.clock ?? new EngineClock(store.table<{ offsetMs: number }>('meta').get('clock')?.offsetMs ?? 0);
  const consistencyDelaySeconds = options.consistencyDelaySeconds ?? ENGINE_DEFAULTS.consistencyDelaySeconds;
  const tokens = new TokenStore(store, clock);
  const core: EngineCore = {
    settings: {
      dev: options.dev ?? false,
      mounts,
      env: options.env ?? {},
      consistencyDelaySeconds,
      providerClient: options.providerClient ?? 'direct',
      node,
    },
    clock,
    store,
    cloud: shared?.cloud ?? new EmulatedCloud(store, clock, { consistencyDelaySeconds }),
    tokens,
    policies: new PolicyStore(store),
    leases: new LeaseManager(store, clock),
    wrapping: new WrappingStore(store, tokens),
    mount: mountLookup(store, mounts),
    log,
  };
  wireRevocation(core);
  // The one cloud names the root namespace's roles as the origin of their policies.
  if (!shared) core.cloud.state.policyOrigin = rolePolicyOrigin(mounts, core.mount);
  return core;
}

function buildBackends(core: EngineCore, scheduler: Scheduler, saveClock: () => void): Backend[] {
  const backends: Backend[] = [tokenBackend(core), jwtBackend(core), sysBackend(core)];
  for (const name of core.settings.mounts) {
    const mount = core.mount(name);
    if (mount) backends.push(mountBackend(core, mount));
  }
  if (core.settings.dev) backends.push(devBackend(core, { tick: () => scheduler.run(), saveClock }));
  return backends;
}

/** Fills an emulated cloud that has no users yet with `options.cloud`; closes the data directory on refusal. */
async function seedCloud(
  core: EngineCore,
  options: EngineOptions,
  log: (line: string) => void,
  file: FileBackend | undefined,
): Promise<void> {
  if (options.cloud === undefined) return;
  if (core.cloud.state.users.size > 0) {
    log(
      `cloud fixtures not applied: the emulated cloud kept in the data directory already has ${core.cloud.state.users.size} users`,
    );
    return;
  }
  const problems = applyFixtures(
    core.cloud.state,
    options.cloud,
    core.clock.now(),
    core.settings.consistencyDelaySeconds,
  );
  if (problems.length === 0) return;
  await file?.close();
  throw new CloudFixturesError(problems);
}

function checkMounts(mounts: readonly string[]): string[] {
  const out = [...new Set(mounts)];
  if (out.length === 0) throw new Error('at least one mount is needed');
  for (const m of out) {
    if (!MOUNT_NAME.test(m) || RESERVED_MOUNTS.includes(m)) throw new Error(`invalid mount name "${m}"`);
  }
  return out;
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
