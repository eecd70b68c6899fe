import * as fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { directoryFiles, type CacheFiles } from '@keyfob/shared/credentials';
import type { Issued } from './issued.ts';
import type { Runner } from './runner.ts';
import { StepFailure } from './step.ts';

/** Prefix of the directory one step's profiles live in, under RUNNER_TEMP. */
const DIR_PREFIX = 'keyfob-aws-';
/** The two files the AWS tools read, inside that directory. */
const CONFIG_FILE = 'config';
const CREDENTIALS_FILE = 'credentials';

/** One profile to write: static keys, or a command that issues them (refresh). */
export interface Profile {
  readonly name: string;
  readonly region: string | undefined;
  readonly keys?: Issued;
  readonly credentialProcess?: string;
}

/**
 * A fresh directory (0700) for one step's profiles under RUNNER_TEMP, which the runner empties
 * after the job; the post step removes it earlier.
 */
export function makeProfileDir(runner: Runner): string {
  const temp = runner.env.RUNNER_TEMP ?? '';
  if (temp === '')
    throw new StepFailure(
      'Cannot write AWS profiles: RUNNER_TEMP is not set (the runner sets it in every job). Hint: run the step in GitHub Actions, or set RUNNER_TEMP to a private directory.',
    );
  const dir = fs.mkdtempSync(join(temp, DIR_PREFIX));
  fs.chmodSync(dir, 0o700);
  return dir;
}

/**
 * Writes the shared config and credentials files (0600, replaced whole) for the profiles: keys go
 * to the credentials file, a refreshing profile gets only `credential_process` in the config file
 * (a key pair in the credentials file would win over it in the AWS CLI).
 */
export function writeProfiles(dir: string, profiles: readonly Profile[]): { config: string; credentials: string } {
  const config = profiles.map((p) =>
    section(`profile ${p.name}`, [
      ['region', p.region],
      ['credential_process', p.credentialProcess],
    ]),
  );
  const credentials = profiles
    .filter((p) => p.keys !== undefined)
    .map((p) =>
      section(p.name, [
        ['aws_access_key_id', p.keys?.accessKey],
        ['aws_secret_access_key', p.keys?.secretKey],
        ['aws_session_token', p.keys?.sessionToken ?? undefined],
      ]),
    );
  const files = profileFiles(dir);
  files.write(CONFIG_FILE, config.join('\n'));
  files.write(CREDENTIALS_FILE, credentials.join('\n'));
  return { config: join(dir, CONFIG_FILE), credentials: join(dir, CREDENTIALS_FILE) };
}

function section(title: string, pairs: readonly [string, string | undefined][]): string {
  const lines = pairs.filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => `${k} = ${v ?? ''}`);
  return `[${title}]\n${lines.join('\n')}\n`;
}

/** Files in a profile directory: each written 0600 under a temporary name and renamed (never half a file). */
export function profileFiles(dir: string): CacheFiles {
  return directoryFiles(dir, fs, () => randomBytes(6).toString('hex'));
}

/**
 * Removes a profile directory the main step made: only a `keyfob-aws-*` directory directly in
 * RUNNER_TEMP (the saved state is not trusted to name anything else). Returns whether it went.
 */
export function removeProfileDir(dir: string, runnerTemp: string | undefined): boolean {
  if (!runnerTemp || !basename(dir).startsWith(DIR_PREFIX)) return false;
  try {
    if (fs.realpathSync(dirname(dir)) !== fs.realpathSync(runnerTemp)) return false;
  } catch {
    return false;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return true;
}

/** Single-quotes a word for the shell the AWS SDK runs credential_process with (and botocore's shlex). */
export function quoteWord(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
