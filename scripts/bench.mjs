#!/usr/bin/env node
// Runs every benchmark under bench/ (files named *.bench.ts), each printing its figures beside a
// baseline measured in the same run. `npm run bench -- lint` runs only the matching ones.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(new URL('../bench/', import.meta.url))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
let status = 0;
for (const file of files) {
  console.log(`\n== ${file}`);
  const run = spawnSync(
    process.execPath, // The HCL parser is loaded first, as each host does at start (see test/setup/hcl-parser.ts).
    ['--import', 'tsx', '--import', './test/setup/hcl-parser.ts', `bench/${file}`],
    { cwd: root, stdio: 'inherit' },
  );
  status ||= run.status ?? 1;
}
process.exit(status);
