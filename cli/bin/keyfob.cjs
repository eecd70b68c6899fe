#!/usr/bin/env node
// Launcher: runs the bundle when built, otherwise the TypeScript sources through tsx.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const bundle = join(__dirname, '..', 'dist', 'keyfob.cjs');
if (existsSync(bundle)) {
  require(bundle);
} else {
  const { spawnSync } = require('node:child_process');
  const main = join(__dirname, '..', 'src', 'bin.ts');
  const run = spawnSync(process.execPath, ['--import', 'tsx', main, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
}
