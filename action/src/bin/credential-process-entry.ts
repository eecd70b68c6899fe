// Bundle entry of dist/credential-process.cjs: the `credential_process` of a refreshing AWS profile
// (`refresh: true`). `node credential-process.cjs SETTINGS.json` prints the AWS JSON (Version 1,
// AccessKeyId, SecretAccessKey, SessionToken, Expiration) on stdout, from the profile's cache while
// it is fresh, else from a new login; on failure one redacted line on stderr and exit 1.
import { dirname } from 'node:path';
import { defaultDeps } from '../deps.ts';
import { SecretBook } from '../mask.ts';
import { readRefreshSettings, refreshProfile } from '../refresh.ts';
import type { Runner } from '../runner.ts';

/**
 * A runner without a runner: the AWS tool that started us reads stdout and shows stderr, so the
 * log goes nowhere but warnings and errors (redacted) go to stderr; there is no state, output or
 * summary to write, and nothing to export.
 */
function toolRunner(secrets: SecretBook): Runner {
  const say = (text: string): void => void process.stderr.write(`keyfob: ${secrets.sanitize(text)}\n`);
  const none = (): void => undefined;
  return {
    env: process.env,
    getInput: () => '',
    setSecret: none,
    info: none,
    debug: none,
    notice: none,
    warning: say,
    error: say,
    startGroup: none,
    endGroup: none,
    exportVariable: none,
    setOutput: none,
    saveState: none,
    getState: () => '',
    appendSummary: () => Promise.resolve(),
    setFailed: say,
    now: () => Date.now(),
  };
}

async function main(): Promise<number> {
  const secrets = new SecretBook({ setSecret: () => undefined });
  const runner = toolRunner(secrets);
  const path = process.argv[2];
  if (path === undefined || process.argv.length !== 3) {
    runner.error('usage: node credential-process.cjs SETTINGS.json (written by the keyfob action with refresh: true)');
    return 2;
  }
  try {
    const settings = readRefreshSettings(path);
    const output = await refreshProfile(dirname(path), settings, runner, secrets, defaultDeps());
    process.stdout.write(`${JSON.stringify(output)}\n`);
    return 0;
  } catch (error) {
    runner.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

void main().then((code) => {
  process.exitCode = code;
});
