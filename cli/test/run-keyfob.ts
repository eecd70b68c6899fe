import { join } from 'node:path';
import { REPO_ROOT } from '../../test/helpers/engine.ts';
import { runProgram, type ProgramRun } from '../../test/helpers/run-program.ts';

const BIN = join(REPO_ROOT, 'cli', 'bin', 'keyfob.cjs');

/** Runs `keyfob ARGS` (cli/bin) in `cwd` (default the repository) with only PATH, HOME and `env`; resolves with its exit status and output. */
export function runKeyfob(args: string[], env: Record<string, string> = {}, cwd = REPO_ROOT): Promise<ProgramRun> {
  return runProgram(process.execPath, [BIN, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
}
