#!/usr/bin/env node
// Builds every workspace that has a build script of its own (`<workspace>/build.mjs`), in
// dependency order. Each one bundles with esbuild; types are checked by `npm run typecheck`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const order = ['schemas', 'shared', 'cli', 'engine', 'action', 'extension'];
for (const workspace of order) {
  const script = join(root, workspace, 'build.mjs');
  if (!existsSync(script)) continue;
  const started = Date.now();
  const run = spawnSync(process.execPath, [script], { cwd: join(root, workspace), stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`build failed in ${workspace}`);
    process.exit(run.status ?? 1);
  }
  console.log(`built ${workspace} in ${Date.now() - started} ms`);
}
