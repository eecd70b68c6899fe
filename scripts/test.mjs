#!/usr/bin/env node
// Runs every test: unit and end-to-end suites with node's test runner (TypeScript through tsx),
// then the extension's integration suite in a real VS Code when its runner exists.
// `npm test -- engine` runs only the test files whose path contains "engine".
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const roots = ['shared', 'schemas', 'cli', 'engine', 'action', 'extension/test/unit', 'test'];

function collect(dir, out) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) collect(full, out);
    else if (name.endsWith('.test.ts')) out.push(relative(root, full));
  }
  return out;
}

const files = [...new Set(roots.flatMap((r) => collect(join(root, r), [])))]
  .filter((f) => filters.length === 0 || filters.some((needle) => f.includes(needle)))
  .sort();
if (files.length === 0) {
  console.error(`no test files match ${filters.join(' ')}`);
  process.exit(1);
}
const run = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { cwd: root, stdio: 'inherit', env: { ...process.env, KEYFOB_REPO: root } },
);
let status = run.status ?? 1;

const integration = join(root, 'extension', 'test', 'run-integration.mjs');
if (filters.length === 0 && existsSync(integration) && process.env.KEYFOB_SKIP_VSCODE !== '1') {
  const ext = spawnSync(process.execPath, [integration], { cwd: root, stdio: 'inherit' });
  status ||= ext.status ?? 1;
}
process.exit(status);
