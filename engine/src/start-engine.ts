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
import { devBackend } from './dev/dev-backend.ts';
import { mountLookup, type EngineCore } from './engine-core.ts';
import { ENGINE_DEFAULTS, MOUNT_NAME, RESERVED_MOUNTS, type EngineOptions } from './engine-options.ts';
import { newServiceToken } from './ids.ts';
import { dispatch, type DispatchDeps } from './http/dispatch.ts';
import type { RawRequest, RawResponse } from './http/raw-request.ts';
import { createEngineServer } from './http/http-server.ts';
import type { Backend } from './http/route.ts';
import { LeaseManager } from './leases/lease-manager.ts';
import { Scheduler } from './scheduler.ts';
import { mountBackend } from './secrets/mount-backend.ts';
import { FileBackend } from './state/file-backend.ts';
import { Store } from './state/store.ts';
import { sysBackend } from './sys-backend.ts';
import { wireRevocation } from './wire-revocation.ts';

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
  const mounts = checkMounts(options.mounts ?? ENGINE_DEFAULTS.mounts);
  const log = options.log ?? (() => undefined);
  const { store, file } = loadStore(options.dataDir);
  const core = buildCore(store, options, mounts, log);
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
    store.attach(options.wrapStoreBackend ? options.wrapStoreBackend(file) : file);
  }
  await store.commit();
  // A commit that failed was undone in the tables; the cloud's key index is rebuilt from them.
  store.onRollback(() => core.cloud.state.reindex());
  const meta = store.table<{ offsetMs: number }>('meta');
  const scheduler = new Scheduler(core, log);
  const backends = buildBackends(core, scheduler, () => meta.set('clock', { offsetMs: core.clock.offsetMs }));
  const deps = dispatchDeps(core, backends);
  const server = createEngineServer((request) => dispatch(request, deps), {
    headersTimeoutMs: options.headersTimeoutMs ?? ENGINE_DEFAULTS.headersTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs ?? ENGINE_DEFAULTS.requestTimeoutMs,
    maxConnections: options.maxConnections ?? ENGINE_DEFAULTS.maxConnections,
  });
  const host = options.host ?? ENGINE_DEFAULTS.host;
  const port = await listen(server, host, options.port ?? ENGINE_DEFAULTS.port);
  const cloudServer = createCloudServer({ cloud: core.cloud, commit: () => store.commit(), log });
  let cloudPort: number;
  try {
    cloudPort = await listen(cloudServer, host, options.cloudPort ?? ENGINE_DEFAULTS.cloudPort);
  } catch (error) {
    await closeServer(server);
    throw error;
  }
  const hostPart = host.includes(':') ? `[${host}]` : host;
  const timer = setInterval(() => scheduler.tick(), options.tickMs ?? ENGINE_DEFAULTS.tickMs);
  return {
    url: `http://${hostPart}:${port}`,
    port,
    cloudUrl: `http://${hostPart}:${cloudPort}`,
    mounts,
    rootToken: root.token,
    rootTokenGenerated: root.generated,
    rootTokenKept: root.kept,
    routes: routeTable(backends),
    stop: async () => {
      clearInterval(timer);
      await scheduler.idle();
      await Promise.all([closeServer(server), closeServer(cloudServer)]);
      await store.commit();
      await file?.close();
    },
  };
}

/** What the dispatcher needs, from the engine's services. */
function dispatchDeps(core: EngineCore, backends: readonly Backend[]): DispatchDeps {
  return {
    backends: () => backends,
    authenticate: (token) => core.tokens.authenticate(token),
    authorize: (caller, request) => authorize(core.policies, caller, request),
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
  const core = buildCore(new Store(), options, mounts, options.log ?? (() => undefined));
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
): EngineCore {
  const clock = new EngineClock(store.table<{ offsetMs: number }>('meta').get('clock')?.offsetMs ?? 0);
  const consistencyDelaySeconds = options.consistencyDelaySeconds ?? ENGINE_DEFAULTS.consistencyDelaySeconds;
  const core: EngineCore = {
    settings: {
      dev: options.dev ?? false,
      mounts,
      env: options.env ?? {},
      consistencyDelaySeconds,
      providerClient: options.providerClient ?? 'direct',
    },
    clock,
    store,
    cloud: new EmulatedCloud(store, clock, { consistencyDelaySeconds }),
    tokens: new TokenStore(store, clock),
    policies: new PolicyStore(store),
    leases: new LeaseManager(store, clock),
    mount: mountLookup(store, mounts),
    log,
  };
  wireRevocation(core);
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
