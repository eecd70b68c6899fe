import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { entryArgs, REPO_ROOT } from '../../helpers/engine.ts';
import { PROGRAMS } from '../../helpers/programs.ts';

/**
 * Runs a script of this folder (neovim-client.lua, neovim-project.lua) in headless Neovim (`--clean`:
 * no user config) with `keyfob lsp --stdio` rooted at `root`, and returns what it wrote to
 * `scratch`/results.json once it checked the run reported no error. `env` passes the script's inputs.
 */
export function runNeovim<T extends { errors: string[] }>(
  script: string,
  root: string,
  scratch: string,
  env: Record<string, string>,
): T {
  const out = join(scratch, 'results.json');
  const run = spawnSync(
    PROGRAMS.nvim.path,
    ['--headless', '--clean', '-u', fileURLToPath(new URL(script, import.meta.url))],
    {
      cwd: root,
      encoding: 'utf8',
      timeout: 150_000,
      env: {
        ...process.env,
        KEYFOB_NVIM_OUT: out,
        KEYFOB_NODE: process.execPath,
        KEYFOB_ENTRY: JSON.stringify([...entryArgs().args, 'lsp', '--stdio']),
        KEYFOB_CWD: REPO_ROOT,
        KEYFOB_ROOT: root,
        ...env,
      },
    },
  );
  assert.equal(run.status, 0, `nvim exited ${run.status}: ${run.stderr}${run.stdout}`);
  const results = JSON.parse(readFileSync(out, 'utf8')) as T;
  assert.deepEqual(results.errors, [], JSON.stringify(results));
  return results;
}
