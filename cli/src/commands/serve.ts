import type { ClusterOptions, ENGINE_DEFAULTS as EngineDefaultsValue } from '@keyfob/engine';
import { parseDuration } from '@keyfob/shared/duration';
import { defineCommand, oneOf, type CommandInput } from '../command.ts';
import { EXIT, UsageError } from '../io.ts';
import { readCloudFile } from '../serve-cloud.ts';
import { quoted } from '@keyfob/shared/text';

type EngineDefaults = typeof EngineDefaultsValue;

/** `--replication-lag` when not given. */
const DEFAULT_LAG_MS = 300;

const USAGE = `usage: keyfob serve [--host 127.0.0.1] [--port 8200] [--cloud-port 0] [--root-token T] [--mount NAME]... [--data-dir DIR] [--dev]
                    [--consistency-delay SECONDS] [--provider-client direct|sdk] [--cloud FILE]
                    [--nodes N] [--replication-lag 300ms] [--flavor vault|openbao] [--namespace NAME]...

Starts the local engine with an emulated cloud. When ready it prints one JSON line on stdout:
  {"event":"listening","url":"http://127.0.0.1:PORT","cloudUrl":"http://127.0.0.1:PORT2","mounts":["cloud"]}
cloudUrl is the emulated cloud's AWS endpoint (IAM and STS, SigV4): aws --endpoint-url, or the
SDK clients' endpoint. --port 0 (and the default --cloud-port 0) picks a free port.
--provider-client sdk makes the engine's own calls to the embedded cloud go through the AWS SDK
(slower; endpoints named in config/root always do). Without --root-token (or KEYFOB_ROOT_TOKEN) a root token is
generated and printed once on stderr. Without --data-dir state lives in memory. With --data-dir the root token
survives restarts (stored as a hash only, never in clear): the token printed at the first start keeps working
until --root-token replaces it. --dev enables the development control API
(/v1/sys/dev/cloud, /clock, /whoami). SIGTERM or SIGINT stops it cleanly.
--cloud FILE (JSON or YAML, at most 1 MiB, the body of PUT /v1/sys/dev/cloud: users, roles, policies,
groups) fills the emulated cloud at start, e.g. the users that static roles adopt (a static role
never creates its user): keyfob serve --cloud examples/cloud.yaml, then keyfob apply examples/roles.
With --data-dir it seeds only a cloud that has no users yet; the kept one wins afterwards.
--nodes N (2 to 9) runs a cluster double: one active node and N-1 standbys, each on its own port
(--port is the active node's; standbys take free ports), listed in the listening line as
"nodes":[{"url":...,"role":"active"},{"url":...,"role":"perfstandby"|"standby"},...]. Changes reach
the standbys --replication-lag after the active node committed them (default 300ms, at most 1m).
--flavor vault (default): performance standbys, 412 for an X-Vault-Index not reached yet; openbao:
standbys, 429 with Retry-After, and 307 to the active node for X-Vault-No-Request-Forwarding.
--namespace NAME (repeatable, at most 16; on every node with --nodes) adds a child namespace as OpenBao and Vault
Enterprise have them: chosen by X-Vault-Namespace or a path prefix (/v1/NAME/...), with its own mounts
(the same --mount list), policies, tokens, JWT auth and leases; one clock and one cloud.
`;

const OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
  'cloud-port': { type: 'string' },
  'root-token': { type: 'string' },
  mount: { type: 'string', multiple: true },
  'data-dir': { type: 'string' },
  dev: { type: 'boolean' },
  'consistency-delay': { type: 'string' },
  'provider-client': { type: 'string' },
  cloud: { type: 'string' },
  nodes: { type: 'string' },
  'replication-lag': { type: 'string' },
  flavor: { type: 'string' },
  namespace: { type: 'string', multiple: true },
} as const;

/** Parsed `keyfob serve` flags. */
interface ServeFlags {
  readonly host?: string;
  readonly port?: number;
  readonly cloudPort?: number;
  readonly rootToken?: string;
  readonly mounts: string[];
  readonly namespaces: string[];
  readonly dataDir?: string;
  readonly dev: boolean;
  readonly consistencyDelaySeconds?: number;
  readonly providerClient?: 'direct' | 'sdk';
  readonly cloud?: string;
  /** `--nodes` and `--replication-lag` as given, checked against the engine's bounds once it is loaded. */
  readonly nodes?: string;
  readonly replicationLag?: string;
  readonly flavor?: 'vault' | 'openbao';
}

/** Checks the values of the flags of `keyfob serve`; throws UsageError. */
function serveFlagsOf(values: CommandInput<typeof OPTIONS, never>['values']): ServeFlags {
  for (const [name, value] of Object.entries(values))
    if (value === '' || (Array.isArray(value) && value.includes(''))) throw new UsageError(`--${name} needs a value`);
  const providerClient =
    values['provider-client'] === undefined
      ? undefined
      : oneOf('--provider-client', values['provider-client'], ['direct', 'sdk'] as const);
  const optional = <K extends string, V>(key: K, value: V | undefined) =>
    (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
  return {
    ...optional('host', values.host),
    ...optional('port', values.port === undefined ? undefined : integer(values.port, '--port', 0, 65535)),
    ...optional(
      'cloudPort',
      values['cloud-port'] === undefined ? undefined : integer(values['cloud-port'], '--cloud-port', 0, 65535),
    ),
    ...optional('rootToken', values['root-token']),
    mounts: values.mount ?? [],
    namespaces: values.namespace ?? [],
    ...optional('dataDir', values['data-dir']),
    dev: values.dev ?? false,
    ...optional(
      'consistencyDelaySeconds',
      values['consistency-delay'] === undefined
        ? undefined
        : integer(values['consistency-delay'], '--consistency-delay', 0, 3600),
    ),
    ...optional('providerClient', providerClient),
    ...optional('cloud', values.cloud),
    ...optional('nodes', values.nodes),
    ...optional('replicationLag', values['replication-lag']),
    ...optional(
      'flavor',
      values.flavor === undefined ? undefined : oneOf('--flavor', values.flavor, ['vault', 'openbao'] as const),
    ),
  };
}

/** `--nodes`, `--replication-lag` and `--flavor` as the engine's cluster option; undefined for one node. */
function clusterOption(flags: ServeFlags, defaults: EngineDefaults): ClusterOptions | undefined {
  if (flags.nodes === undefined) {
    if (flags.replicationLag !== undefined || flags.flavor !== undefined)
      throw new UsageError('--replication-lag and --flavor need --nodes 2 or more');
    return undefined;
  }
  const nodes = integer(flags.nodes, '--nodes', defaults.clusterNodes.min, defaults.clusterNodes.max);
  if (nodes < 2) return undefined;
  const lag = flags.replicationLag === undefined ? DEFAULT_LAG_MS : lagMs(flags.replicationLag, defaults);
  return { nodes, replicationLagMs: lag, flavor: flags.flavor ?? 'vault' };
}

function lagMs(text: string, defaults: EngineDefaults): number {
  const name = '--replication-lag';
  const seconds = text.length <= 32 ? parseDuration(text).seconds : undefined;
  const max = defaults.replicationLagMs.max;
  if (seconds === undefined || seconds * 1000 > max)
    throw new UsageError(`${name} must be a duration from 0s to ${max / 1000}s such as 300ms, not ${quoted(text, 32)}`);
  return Math.round(seconds * 1000);
}

function integer(text: string, name: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max)
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/** `keyfob serve`: runs the engine until SIGTERM or SIGINT. */
export const serveCommand = defineCommand({
  usage: USAGE,
  options: OPTIONS,
  run: async ({ values, positionals }, io) => {
    if (positionals.length > 0) throw new UsageError(`unknown argument ${positionals[0]}\n${USAGE}`);
    const flags = serveFlagsOf(values);
    const cloud = flags.cloud === undefined ? undefined : await readCloudFile(flags.cloud, io.cwd);
    const { startEngine, isCloudFixturesError, ENGINE_DEFAULTS } = await import('@keyfob/engine');
    const cluster = clusterOption(flags, ENGINE_DEFAULTS);
    const rootToken = flags.rootToken ?? io.env.KEYFOB_ROOT_TOKEN;
    const engine = await startEngine({
      ...(flags.host !== undefined ? { host: flags.host } : {}),
      ...(flags.port !== undefined ? { port: flags.port } : {}),
      ...(flags.cloudPort !== undefined ? { cloudPort: flags.cloudPort } : {}),
      ...(rootToken ? { rootToken } : {}),
      ...(flags.mounts.length > 0 ? { mounts: flags.mounts } : {}),
      ...(flags.namespaces.length > 0 ? { namespaces: flags.namespaces } : {}),
      ...(flags.dataDir !== undefined ? { dataDir: flags.dataDir } : {}),
      ...(flags.consistencyDelaySeconds !== undefined
        ? { consistencyDelaySeconds: flags.consistencyDelaySeconds }
        : {}),
      ...(flags.providerClient !== undefined ? { providerClient: flags.providerClient } : {}),
      ...(cloud !== undefined ? { cloud: cloud.fixtures } : {}),
      ...(cluster !== undefined ? { cluster } : {}),
      dev: flags.dev,
      env: io.env,
      log: (line) => io.stderr(`keyfob serve: ${line}\n`),
    }).catch((error: unknown) => {
      // The engine checks the fixtures as PUT /v1/sys/dev/cloud does; say where in the file each problem is.
      if (cloud !== undefined && isCloudFixturesError(error)) {
        throw new UsageError(
          `--cloud ${flags.cloud}: the emulated cloud refused ${error.problems.length === 1 ? 'a value' : `${error.problems.length} values`}:\n${error.problems.map((p) => `  ${cloud.where(p)}: ${p}`).join('\n')}`,
        );
      }
      throw error;
    });
    if (engine.rootTokenGenerated && engine.rootToken !== undefined) {
      // Shown once, on stderr only; never logged again.
      io.stderr(`keyfob serve: root token (shown once): ${engine.rootToken}\n`);
    } else if (engine.rootTokenKept) {
      // Only its hash is stored, so there is nothing to show: say which token still works.
      io.stderr(
        'keyfob serve: root token: kept from the first start with this data directory (the token shown then still works; --root-token replaces it)\n',
      );
    }
    // Listen for signals before announcing readiness: a supervisor may stop us right after the line.
    const stopped = waitForSignal();
    io.stdout(
      `${JSON.stringify({
        event: 'listening',
        url: engine.url,
        cloudUrl: engine.cloudUrl,
        mounts: engine.mounts,
        ...(flags.namespaces.length > 0 ? { namespaces: [...new Set(flags.namespaces)] } : {}),
        ...(engine.nodes.length > 1 ? { nodes: engine.nodes } : {}),
      })}\n`,
    );
    await stopped;
    await engine.stop();
    return EXIT.ok;
  },
});

function waitForSignal(): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      process.off('SIGTERM', done);
      process.off('SIGINT', done);
      resolve();
    };
    process.on('SIGTERM', done);
    process.on('SIGINT', done);
  });
}
