import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  clientOptionsOf,
  createEngineClient,
  readConnectionSettings,
  type ConnectionNames,
  type ConnectionSettings,
  type EngineClient,
} from '@keyfob/shared/client';
import { UsageError, type CliIo } from './io.ts';

/** The connection flags of every command that talks to the engine (creds, apply, can-i). */
export const CONNECTION_OPTIONS = {
  url: { type: 'string' },
  token: { type: 'string' },
  mount: { type: 'string' },
  'api-flavor': { type: 'string' },
  'token-header': { type: 'string' },
  namespace: { type: 'string' },
  'request-timeout': { type: 'string' },
  timeout: { type: 'string' },
  'max-attempts': { type: 'string' },
  'ca-certificate': { type: 'string' },
  'cluster-addresses': { type: 'string' },
} as const;

/** Usage lines of the connection flags, for each command's help. */
export const CONNECTION_USAGE = `Connection (the same rules, bounds and defaults as the GitHub Action's inputs):
  --url URL                 engine base URL (default $KEYFOB_URL, else http://127.0.0.1:8200);
                            no user:password@ and no query
  --token TOKEN             engine token (default $KEYFOB_TOKEN, then $VAULT_TOKEN; prefer the
                            variable, flags end up in shell history)
  --mount PATH              engine mount (default cloud)
  --api-flavor F            keyfob (default), vault or openbao
  --token-header NAME       header that carries the token (default from the flavour)
  --namespace NS            sent as X-Vault-Namespace
  --request-timeout D       limit for one request (default 30s, 100ms to 1h)
  --timeout D               overall limit, retries included (default 5m, 100ms to 24h)
  --max-attempts N          attempts per request, only for retryable failures (default 5, 1 to 20)
  --ca-certificate FILE     PEM file of CAs to trust besides the system's (a private engine CA)
  --cluster-addresses LIST  other nodes of the engine's cluster (URLs, comma-separated): a 307 to
                            one of them is followed with the token; any other redirect is refused
  HTTPS_PROXY, HTTP_PROXY and NO_PROXY are honoured, as in the action.
`;

/** What the CLI calls each connection setting in its messages. */
const CLI_CONNECTION_NAMES: ConnectionNames = {
  url: '--url',
  token: '--token',
  flavor: '--api-flavor',
  tokenHeader: '--token-header',
  mount: '--mount',
  namespace: '--namespace',
  requestTimeout: '--request-timeout',
  timeout: '--timeout',
  maxAttempts: '--max-attempts',
  caCertificate: '--ca-certificate',
  clusterAddresses: '--cluster-addresses',
};

/** Connection flag values as `parseArgs` returns them. */
export type ConnectionValues = {
  readonly [K in keyof typeof CONNECTION_OPTIONS]?: string | undefined;
};

/** The local engine of `keyfob serve`, where the CLI looks when neither --url nor $KEYFOB_URL is set. */
const LOCAL_ENGINE = 'http://127.0.0.1:8200';

/**
 * Checks the connection flags and variables with the shared rules (`readConnectionSettings`, as the
 * action does for its inputs); throws a UsageError listing every problem.
 */
export function connectionFromFlags(
  values: ConnectionValues,
  io: CliIo,
  names: Partial<ConnectionNames> = {},
): ConnectionSettings {
  const result = readConnectionSettings(
    {
      url: values.url ?? io.env.KEYFOB_URL ?? LOCAL_ENGINE,
      token: values.token ?? io.env.KEYFOB_TOKEN ?? io.env.VAULT_TOKEN,
      flavor: values['api-flavor'],
      tokenHeader: values['token-header'],
      mount: values.mount,
      namespace: values.namespace,
      requestTimeout: values['request-timeout'],
      timeout: values.timeout,
      maxAttempts: values['max-attempts'],
      caCertificate: values['ca-certificate'] === undefined ? undefined : readCaFile(values['ca-certificate'], io.cwd),
      clusterAddresses: values['cluster-addresses'],
    },
    { names: { ...CLI_CONNECTION_NAMES, ...names }, env: io.env },
  );
  const errors = result.problems.filter((p) => p.severity === 'error');
  if (result.value === undefined || errors.length > 0) {
    throw new UsageError(
      errors.length === 1
        ? (errors[0]?.message ?? '')
        : `${errors.length} connection settings are invalid:\n${errors.map((p) => `  - ${p.message}`).join('\n')}`,
    );
  }
  return result.value;
}

/** An engine client from the connection flags and the environment; throws UsageError. */
export async function clientFromFlags(values: ConnectionValues, io: CliIo): Promise<EngineClient> {
  return clientFor(connectionFromFlags(values, io));
}

/**
 * An engine client for checked settings: the global fetch, or the action's undici network (loaded only
 * then) for a private CA or a proxy, so both faces reach an engine the same way.
 */
export async function clientFor(settings: ConnectionSettings): Promise<EngineClient> {
  let fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis);
  let dispatcher: unknown;
  if (settings.caCertificate !== undefined || settings.proxy !== undefined) {
    const { createNetwork } = await import('../../action/src/network.ts');
    const network = createNetwork({ caCertificate: settings.caCertificate, proxy: settings.proxy !== undefined });
    fetchImpl = network.fetch;
    dispatcher = network.dispatcher;
  }
  return createEngineClient({ ...clientOptionsOf(settings), fetch: fetchImpl, dispatcher });
}

function readCaFile(path: string, cwd: string): string {
  try {
    return readFileSync(resolve(cwd, path), 'utf8');
  } catch (error) {
    throw new UsageError(
      `--ca-certificate: cannot read "${path}" (${(error as NodeJS.ErrnoException).code ?? 'error'}); give the path of a PEM file.`,
    );
  }
}
