import { CONNECTION_DEFAULTS, isEngineError, type EngineClient } from '@keyfob/shared/client';
import {
  DEFAULT_ENV_NAMES,
  buildCredentialFetches,
  credentialProcessOutput,
  defaultStsEndpoint,
  describeEngineFailure,
  getCallerIdentity,
  guardAccount,
  issueCredentials,
  ROLE_NAME,
  type CredentialMethod,
  type IssuedCredentials,
  type SettingNames,
} from '@keyfob/shared/credentials';
import { formatDuration } from '@keyfob/shared/duration';
import { credentialCache } from '../credential-cache.ts';
import { clientFromFlags, connectionFromFlags, CONNECTION_OPTIONS, CONNECTION_USAGE } from '../connection.ts';
import { EXIT, UsageError, type CliIo } from '../io.ts';
import { defineCommand } from '../command.ts';

const USAGE = `usage: keyfob creds ROLE [options]

Gets credentials for ROLE from the engine and prints them for a shell or a tool, the same way the
GitHub Action does (same request checks, same session-name default, same error hints).

  --sts                     POST /sts/ROLE instead of GET /creds/ROLE
  --static                  a static role's current key (GET /static-creds/ROLE)
  --role-arn ARN            role to assume, for assumed_role roles that allow several
  --role-session-name NAME  session name (default from $GITHUB_* in CI, else keyfob-local)
  --ttl DURATION            lifetime of STS credentials, e.g. 15m
  --mfa-code CODE           six digits from the MFA device
  --env-names SET           cloud (default), aws, or a prefix such as DEPLOY_
  --format F                env (NAME=value lines, default), shell (export lines for eval), json,
                            credential-process (the JSON an AWS credential_process prints)
  --cache-dir DIR           with credential-process: keep the set in DIR (made 0700 if absent; the
                            file 0600) and answer from it until shortly before it expires
  --allowed-account-ids IDS AWS accounts the credentials may belong to (12 digits each, comma
                            separated): the account in the ARN the engine returns, else the one STS
                            GetCallerIdentity answers (at $AWS_ENDPOINT_URL_STS or $AWS_ENDPOINT_URL,
                            else the region's endpoint, region from $AWS_REGION). A set in another
                            account is revoked and nothing is printed; exit status 1

${CONNECTION_USAGE}
  eval "$(keyfob creds deploy --sts --ttl 15m --format shell)"
  # ~/.aws/config: credential_process = keyfob creds deploy --sts --format credential-process --cache-dir /run/user/1000/keyfob

Exit status: 0 credentials printed, 1 the engine refused or failed, 2 usage error.
`;

/** Flag names, for hints in failure messages. */
export const CLI_SETTING_NAMES: SettingNames = {
  url: '--url',
  token: '--token (or KEYFOB_TOKEN)',
  mount: '--mount',
  role: 'ROLE',
  roleArn: '--role-arn',
  ttl: '--ttl',
  mfaCode: '--mfa-code',
  caCertificate: '--ca-certificate',
  requestTimeout: '--request-timeout',
  timeout: '--timeout',
  maxAttempts: '--max-attempts',
  apiFlavor: '--api-flavor',
};

/** An engine failure as one line with a hint naming the flag to check; anything else as it is. */
export function failureText(
  error: unknown,
  operation: string,
  role?: string,
  mount?: string,
  names: Partial<SettingNames> = {},
): string {
  if (isEngineError(error))
    return describeEngineFailure(error, {
      operation,
      names: { ...CLI_SETTING_NAMES, ...names },
      ...(role === undefined ? {} : { role }),
      mount: mount ?? CONNECTION_DEFAULTS.mount,
    });
  return error instanceof Error ? error.message : String(error);
}

/** `keyfob creds ROLE`: prints credentials as env lines, shell exports or JSON; see USAGE. */
export const credsCommand = defineCommand({
  usage: USAGE,
  options: {
    ...CONNECTION_OPTIONS,
    sts: { type: 'boolean' },
    static: { type: 'boolean' },
    'role-arn': { type: 'string' },
    'role-session-name': { type: 'string' },
    ttl: { type: 'string' },
    'mfa-code': { type: 'string' },
    'env-names': { type: 'string' },
    'cache-dir': { type: 'string' },
    'allowed-account-ids': { type: 'string' },
  },
  formats: ['env', 'shell', 'json', 'credential-process'],
  run: async ({ values, positionals, format }, io) => {
    const cacheDir = values['cache-dir'];
    if (cacheDir !== undefined && format !== 'credential-process')
      throw new UsageError('--cache-dir goes with --format credential-process only');
    // eslint-disable-next-line no-control-regex
    if (cacheDir !== undefined && (cacheDir === '' || cacheDir.length > 4096 || /[\u0000-\u001f]/.test(cacheDir)))
      throw new UsageError('--cache-dir must be a directory path (at most 4096 characters, no control characters)');
    const [role, ...extra] = positionals;
    if (role === undefined || extra.length > 0) throw new UsageError(`give exactly one ROLE\n\n${USAGE}`);
    if (!ROLE_NAME.test(role))
      throw new UsageError(`"${role}" is not a role name (letters, digits, "_", "-", "." and "@")`);
    if (values.sts && values.static) throw new UsageError('give --sts or --static, not both');
    const method: CredentialMethod = values.sts ? 'sts' : values.static ? 'static-creds' : 'creds';
    const built = buildCredentialFetches([{ role }], {
      method,
      roleArn: values['role-arn'],
      roleSessionName: values['role-session-name'],
      ttl: values.ttl,
      mfaCode: values['mfa-code'],
      env: values['env-names'] ?? DEFAULT_ENV_NAMES,
      exportEnv: true,
      context: {
        repository: io.env.GITHUB_REPOSITORY,
        runId: io.env.GITHUB_RUN_ID,
        runAttempt: io.env.GITHUB_RUN_ATTEMPT,
      },
      names: { roleArn: '--role-arn', roleSessionName: '--role-session-name', ttl: '--ttl', mfaCode: '--mfa-code' },
      envInput: '--env-names',
      allowedAccountIds: values['allowed-account-ids'],
      allowedAccountIdsInput: '--allowed-account-ids',
    });
    for (const p of built.problems.filter((x) => x.severity !== 'error')) io.stderr(`keyfob creds: ${p.message}\n`);
    const error = built.problems.find((p) => p.severity === 'error');
    if (error) throw new UsageError(error.message);
    const [request] = built.value;
    if (!request) return EXIT.usage;
    const client = await clientFromFlags(values, io);
    const cache =
      cacheDir === undefined ? undefined : credentialCache(cacheDir, request, connectionFromFlags(values, io));
    const now = io.now ?? Date.now;
    const cached = cache?.read(now());
    if (cached) {
      io.stdout(`${JSON.stringify(cached)}\n`);
      return EXIT.ok;
    }
    let issued: IssuedCredentials | undefined;
    try {
      // A credential_process answer has no field for the type: no role read to tell STS types apart.
      issued = await issueCredentials(client, request, {
        now,
        ...(format === 'credential-process' ? { sessionType: 'sts' as const } : {}),
      });
    } catch (failure) {
      io.stderr(`keyfob creds: ${failureText(failure, `get credentials for role "${role}"`, role, client.mount)}\n`);
      return EXIT.failed;
    }
    if (issued === undefined) {
      io.stderr(`keyfob creds: no static role "${role}" at mount "${client.mount}"; check ROLE and --mount.\n`);
      return EXIT.failed;
    }
    const refusal = await refuseOtherAccount(issued, client, io, now);
    if (refusal !== undefined) {
      io.stderr(`keyfob creds: ${refusal}\n`);
      return EXIT.failed;
    }
    if (format === 'credential-process') {
      const output = credentialProcessOutput(issued);
      cache?.write(output, now());
      // Only the JSON: the AWS tools read stdout and show stderr as an error.
      io.stdout(`${JSON.stringify(output)}\n`);
      return EXIT.ok;
    }
    io.stdout(render(issued, format));
    io.stderr(`keyfob creds: ${describe(issued)}\n`);
    return EXIT.ok;
  },
});

/**
 * `--allowed-account-ids`: the set's account (ARN, else GetCallerIdentity at the STS endpoint the AWS
 * tools would use) checked before anything is printed or cached; a refused set's lease is revoked.
 */
async function refuseOtherAccount(
  issued: IssuedCredentials,
  client: EngineClient,
  io: CliIo,
  now: () => number,
): Promise<string | undefined> {
  const region = io.env.AWS_REGION ?? io.env.AWS_DEFAULT_REGION;
  const endpoint = io.env.AWS_ENDPOINT_URL_STS || io.env.AWS_ENDPOINT_URL || defaultStsEndpoint(region);
  const result = await guardAccount(issued, {
    allowed: issued.request.allowedAccountIds,
    wanted: false,
    ask: () =>
      getCallerIdentity({
        endpoint,
        region: region ?? 'us-east-1',
        credentials: issued,
        // STS, not the engine: the one call keyfob creds makes to the cloud itself.
        // eslint-disable-next-line no-restricted-properties
        fetch: globalThis.fetch.bind(globalThis),
        now,
        timeoutMs: 30_000,
      }),
    revoke: (leaseId) => client.revokeLease(leaseId),
    field: '--allowed-account-ids',
  });
  return result.refusal;
}

/** The credentials in the chosen format; env and shell use the env-name set of the request. */
export function render(issued: IssuedCredentials, format: 'env' | 'shell' | 'json'): string {
  if (format === 'json') {
    const { accessKey, secretKey, sessionToken, arn, expiration, leaseId, leaseDuration, credentialType } = issued;
    const body = {
      access_key: accessKey,
      secret_key: secretKey,
      session_token: sessionToken,
      arn: arn ?? null,
      expiration: expiration ?? null,
      lease_id: leaseId || null,
      lease_duration: leaseDuration,
      credential_type: credentialType,
    };
    return `${JSON.stringify(body, null, 2)}\n`;
  }
  const names = issued.request.env;
  if (!names) return '';
  const pairs: [string, string][] = [
    [names.accessKey, issued.accessKey],
    [names.secretKey, issued.secretKey],
    // An empty session token clears one left over from earlier credentials.
    [names.sessionToken, issued.sessionToken ?? ''],
  ];
  return (
    pairs
      .map(([name, value]) => (format === 'shell' ? `export ${name}=${shellQuote(value)}` : `${name}=${value}`))
      .join('\n') + '\n'
  );
}

/** Single-quotes a value for POSIX shells (a `'` inside becomes `'\''`). */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function describe(issued: IssuedCredentials): string {
  const parts = [`${issued.credentialType} credentials for ${issued.request.role}`];
  if (issued.arn) parts.push(`as ${issued.arn}`);
  if (issued.expiration) parts.push(`valid until ${issued.expiration}`);
  if (issued.leaseId) parts.push(`lease ${issued.leaseId} (${formatDuration(issued.leaseDuration)})`);
  return `${parts.join(', ')}.`;
}
