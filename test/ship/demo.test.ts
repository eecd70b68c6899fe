// `npm run demo`, the README's first command after `npm ci`: it runs the main job end to end on the
// embedded engine and must end well and print nothing a newcomer has to wonder about (no Node or
// SDK warnings, no stack traces).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../helpers/engine.ts';
import { runProgram } from '../helpers/run-program.ts';

async function runDemo(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { status, stdout, stderr } = await runProgram(process.execPath, [join(REPO_ROOT, 'scripts', 'demo.mjs')], {
    cwd: REPO_ROOT,
    // The bundles npm test built: rebuilding them would rewrite files other tests are reading.
    env: { ...process.env, NO_COLOR: '1', KEYFOB_DEMO_PREBUILT: '1' },
  });
  return { code: status, stdout, stderr };
}

describe('npm run demo', () => {
  it('runs every step to the post step and prints no warning', async () => {
    const run = await runDemo();
    const all = `${run.stdout}${run.stderr}`;
    assert.equal(run.code, 0, all);
    assert.match(run.stdout, /━━ 6\. Post step/);
    const noisy = all.split('\n').filter((line) => /warning|\(node:\d+\)|^\s+at /i.test(line));
    assert.deepEqual(noisy, [], 'lines a newcomer would wonder about');
  });
});
