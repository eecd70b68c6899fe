import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../../test/helpers/engine.ts';

const BIN = join(REPO_ROOT, 'cli', 'bin', 'keyfob.cjs');

/** Runs `keyfob ARGS` (cli/bin) in `cwd` (default the repository) with only PATH, HOME and `env`; resolves with its exit status and output. */
export function runKeyfob(
  args: string[],
  env: Record<string, string> = {},
  cwd = REPO_ROOT,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}
