#!/usr/bin/env node
// The main job on the embedded default. Until the engine and the action exist it builds and lints
// the examples.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const step = (args) => {
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
};
step(['scripts/build.mjs']);
step(['cli/bin/keyfob.cjs', 'lint', 'examples/']);
