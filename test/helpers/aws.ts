// The real AWS clients pointed at the engine's cloudUrl: the SDK v3 clients and Debian's `aws` command.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IAMClient } from '@aws-sdk/client-iam';
import { STSClient } from '@aws-sdk/client-sts';
import { missingProgram, programPath, PROGRAMS } from './programs.ts';

/** Credentials as the engine hands them out. */
export interface IssuedCreds {
  readonly access_key: string;
  readonly secret_key: string;
  readonly session_token?: string | null;
}

/**
 * SDK clients for issued credentials; one attempt each, so a refusal is seen as sent.
 * `clockOffsetMs` makes them sign that far ahead of the wall clock (the SDK's own skew setting),
 * as a tool does whose clock follows a moved dev clock.
 */
export function sdkClients(
  cloudUrl: string,
  creds: IssuedCreds,
  region = 'eu-west-1',
  clockOffsetMs = 0,
): { sts: STSClient; iam: IAMClient } {
  const credentials = {
    accessKeyId: creds.access_key,
    secretAccessKey: creds.secret_key,
    ...(creds.session_token ? { sessionToken: creds.session_token } : {}),
  };
  return {
    sts: new STSClient({ endpoint: cloudUrl, region, credentials, maxAttempts: 1, systemClockOffset: clockOffsetMs }),
    iam: new IAMClient({ endpoint: cloudUrl, region, credentials, maxAttempts: 1, systemClockOffset: clockOffsetMs }),
  };
}

/** The error name and HTTP status of a failed SDK call ('ok' when it succeeded). */
export async function sdkOutcome(
  run: () => Promise<unknown>,
): Promise<{ name: string; status: number | undefined; message: string }> {
  try {
    await run();
    return { name: 'ok', status: 200, message: '' };
  } catch (error) {
    const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
    return { name: e.name ?? 'Error', status: e.$metadata?.httpStatusCode, message: e.message ?? '' };
  }
}

/**
 * Debian's awscli 2 (`/usr/bin/aws`; a pyenv `aws` v1 may come first in PATH, so never the bare
 * name), or undefined when it is not installed (`.ci/apt-packages` installs it for CI).
 */
export const AWS_CLI: string | undefined = programPath(PROGRAMS.aws);
/** Why an `aws` test skips here, else false. */
export const AWS_CLI_MISSING = missingProgram(PROGRAMS.aws);

/** What one `aws` run printed and how it ended. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

const emptyConfig = ((): string => {
  const dir = mkdtempSync(join(tmpdir(), 'keyfob-aws-'));
  const file = join(dir, 'empty');
  writeFileSync(file, '');
  return file;
})();

/** Runs `aws --endpoint-url <cloudUrl> ARGS... --output json` with the given credentials and no user configuration. */
export function awsCli(
  cloudUrl: string,
  creds: IssuedCreds,
  args: readonly string[],
  region = 'eu-west-1',
): Promise<CliRun> {
  if (!AWS_CLI) throw new Error('the aws command is not installed (apt-get install awscli)');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: tmpdir(),
    AWS_ACCESS_KEY_ID: creds.access_key,
    AWS_SECRET_ACCESS_KEY: creds.secret_key,
    AWS_DEFAULT_REGION: region,
    AWS_CONFIG_FILE: emptyConfig,
    AWS_SHARED_CREDENTIALS_FILE: emptyConfig,
    AWS_PAGER: '',
    AWS_MAX_ATTEMPTS: '1',
    ...(creds.session_token ? { AWS_SESSION_TOKEN: creds.session_token } : {}),
  };
  return new Promise((resolve) => {
    execFile(
      AWS_CLI,
      ['--endpoint-url', cloudUrl, '--output', 'json', '--cli-read-timeout', '20', ...args],
      { env, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
