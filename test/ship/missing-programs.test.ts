// The test runner (scripts/test.mjs) on a machine without a program a test drives: the test skips
// with one line naming the Debian package and how to install it, the runner repeats that line at the
// end, and under CI (which installs every package, .ci/apt-packages) the run fails. The machine without
// Neovim is played by KEYFOB_TEST_PRETEND_MISSING (test/helpers/programs.ts).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../helpers/engine.ts';

function withoutTestContext(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => key !== 'NODE_TEST_CONTEXT'));
}

function runTests(env: Record<string, string>): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'test.mjs'), 'test/e2e/lsp/neovim.test.ts'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    // Without NODE_TEST_CONTEXT: node's test runner refuses to start inside a test it runs.
    env: { ...withoutTestContext(process.env), KEYFOB_TEST_PRETEND_MISSING: 'neovim', ...env },
    timeout: 300_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const LINE = 'skipped, missing program: /usr/bin/nvim is not installed (Debian package neovim: apt-get install neovim)';

describe('a test whose program is missing', () => {
  it('skips with one line naming the Debian package and how to install it, and the run passes', () => {
    const run = runTests({ CI: '' });
    assert.equal(run.status, 0, run.output);
    assert.ok(run.output.split('\n').includes(LINE), run.output);
    assert.match(run.output, /all: 0 passed, 0 failed/);
  });

  it('fails the run under CI, which installs every program the tests use', () => {
    const run = runTests({ CI: 'true' });
    assert.equal(run.status, 1, run.output);
    assert.ok(run.output.split('\n').includes(LINE), run.output);
    assert.match(
      run.output,
      /CI installs every program the tests use \(\.ci\/apt-packages\): 1 skipped for a missing program/,
    );
  });
});
