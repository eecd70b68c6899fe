import type { Command } from '../command.ts';
import { EXIT, UsageError } from '../io.ts';
import { readCloudFile } from '../serve-cloud.ts';

const USAGE = `usage: keyfob serve [--host 127.0.0.1] [--port 8200] [--cloud-port 0] [--root-token T] [--mount NAME]... [--data-dir DIR] [--dev]
                    [--consistency-delay SECONDS] [--provider-client direct|sdk] [--cloud FILE]

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
`;

/** Parsed `keyfob serve` flags. */
export interface ServeFlags {
  readonly host?: string;
  readonly port?: number;
  readonly cloudPort?: number;
  readonly rootToken?: string;
  readonly mounts: string[];
  readonly dataDir?: string;
  readonly dev: boolean;
  readonly consistencyDelaySeconds?: number;
  readonly providerClient?: 'direct' | 'sdk';
  readonly cloud?: string;
  readonly help: boolean;
}

/** Parses the flags of `keyfob serve` (`--flag value` or `--flag=value`); throws UsageError. */
export function parseServeFlags(argv: readonly string[]): ServeFlags {
  const flags: { -readonly [K in keyof ServeFlags]?: ServeFlags[K] } = { mounts: [], dev: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const value = (): string => {
      const v = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (v === undefined || v === '') throw new UsageError(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case '--host':
        flags.host = value();
        break;
      case '--port':
        flags.port = integer(value(), name, 0, 65535);
        break;
      case '--cloud-port':
        flags.cloudPort = integer(value(), name, 0, 65535);
        break;
      case '--root-token':
        flags.rootToken = value();
        break;
      case '--mount':
        flags.mounts?.push(value());
        break;
      case '--data-dir':
        flags.dataDir = value();
        break;
      case '--consistency-delay':
        flags.consistencyDelaySeconds = integer(value(), name, 0, 3600);
        break;
      case '--provider-client': {
        const v = value();
        if (v !== 'direct' && v !== 'sdk')
          throw new UsageError(`--provider-client must be direct or sdk, not "${v.slice(0, 32)}"`);
        flags.providerClient = v;
        break;
      }
      case '--cloud':
        flags.cloud = value();
        break;
      case '--dev':
        flags.dev = true;
        break;
      case '--help':
      case '-h':
        flags.help = true;
        break;
      default:
        throw new UsageError(`unknown option ${arg}\n${USAGE}`);
    }
  }
  return flags as ServeFlags;
}

function integer(text: string, name: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max)
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/** `keyfob serve`: runs the engine until SIGTERM or SIGINT. */
export const serveCommand: Command = async (argv, io) => {
  const flags = parseServeFlags(argv);
  if (flags.help) {
    io.stdout(USAGE);
    return EXIT.ok;
  }
  const cloud = flags.cloud === undefined ? undefined : await readCloudFile(flags.cloud, io.cwd);
  const { startEngine, isCloudFixturesError } = await import('@keyfob/engine');
  const rootToken = flags.rootToken ?? io.env.KEYFOB_ROOT_TOKEN;
  const engine = await startEngine({
    ...(flags.host !== undefined ? { host: flags.host } : {}),
    ...(flags.port !== undefined ? { port: flags.port } : {}),
    ...(flags.cloudPort !== undefined ? { cloudPort: flags.cloudPort } : {}),
    ...(rootToken ? { rootToken } : {}),
    ...(flags.mounts.length > 0 ? { mounts: flags.mounts } : {}),
    ...(flags.dataDir !== undefined ? { dataDir: flags.dataDir } : {}),
    ...(flags.consistencyDelaySeconds !== undefined ? { consistencyDelaySeconds: flags.consistencyDelaySeconds } : {}),
    ...(flags.providerClient !== undefined ? { providerClient: flags.providerClient } : {}),
    ...(cloud !== undefined ? { cloud: cloud.fixtures } : {}),
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
    `${JSON.stringify({ event: 'listening', url: engine.url, cloudUrl: engine.cloudUrl, mounts: engine.mounts })}\n`,
  );
  await stopped;
  await engine.stop();
  return EXIT.ok;
};

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
