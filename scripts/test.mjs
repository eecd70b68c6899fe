#!/usr/bin/env node
// Runs every test: unit and end-to-end suites with node's test runner, then the extension's
// integration suite in a real VS Code when its runner exists.
// `npm test -- engine` runs only the test files whose path contains "engine".
// The test files are built once with esbuild (scripts/lib/build-tests.mjs) and run as JavaScript;
// KEYFOB_TEST_TSX=1 runs the TypeScript sources through tsx instead (exact stack traces, no build).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTests } from './lib/build-tests.mjs';

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
// A test that needs a system program the machine lacks skips with a reason starting with this
// (test/helpers/programs.ts); each such skip is collected here, printed at the end, and under CI,
// which installs every program (.ci/apt-packages), fails the run.
const MISSING_PROGRAM = /# (missing program: .*)$/;
const missingPrograms = new Set();
let pending = '';
/** Collects the missing-program skip reasons from a chunk of a runner's output (lines may span chunks). */
function noteSkips(chunk) {
  const lines = (pending + chunk).split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) {
    const reason = MISSING_PROGRAM.exec(line)?.[1];
    if (reason) missingPrograms.add(reason.trim());
  }
}

/** Runs a command, streaming its output through, and returns its exit status and its output's tail. */
function run(args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    });
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      noteSkips(chunk.toString());
      tail = (tail + chunk.toString()).slice(-8192);
    });
    child.on('close', (code) => resolve({ status: code ?? 1, tail }));
  });
}

// A fresh clone has no build output yet (`npm ci` builds nothing): the suites read the bundles, the
// schemas' generated files (AWS's IAM catalogue) and the extension's dist/schemas, so build them
// first when any is missing. `npm run build` is the same step CI runs before `npm test`.
const BUILD_OUTPUTS = [
  'schemas/generated/iam/index.json',
  'cli/dist/keyfob.cjs',
  'action/dist/main.cjs',
  'extension/dist/server.js',
  'extension/dist/schemas',
];
if (BUILD_OUTPUTS.some((output) => !existsSync(join(root, output)))) {
  console.log('npm test: building first (no build output yet: a fresh clone)');
  const built = await run([join(root, 'scripts', 'build.mjs')], {});
  if (built.status !== 0) process.exit(built.status);
}

// The real-client history corpus commits its sources and labels, not the clients' code: where this
// machine has the repositories' snapshots, bring the code in (test/fixtures/history-real/restore.mjs);
// elsewhere the tests that read it skip and say so.
if (existsSync(process.env.KEYFOB_MIRROR ?? '/work/.mirror')) {
  const restored = await run([join(root, 'test', 'fixtures', 'history-real', 'restore.mjs')], {});
  if (restored.status !== 0) console.log('npm test: the real-client corpus could not be restored; its tests skip');
  // The same for the real Terraform corpus (test/fixtures/terraform-corpus/restore.mjs).
  const terraform = await run([join(root, 'test', 'fixtures', 'terraform-corpus', 'restore.mjs')], {});
  if (terraform.status !== 0) console.log('npm test: the Terraform corpus could not be restored; its scorer skips');
}

const count = (text, pattern) => Number(pattern.exec(text)?.[1] ?? 0);
const viaTsx = process.env.KEYFOB_TEST_TSX === '1';
const started = Date.now();
// Loaded first in every test process: the HCL parser each host loads at start (test/setup/hcl-parser.ts).
const setup = 'test/setup/hcl-parser.ts';
const build = viaTsx ? { built: [...files, setup], remove: async () => {} } : await buildTests(root, [...files, setup]);
const preload = build.built.pop();
if (!viaTsx) console.log(`built ${files.length} test files in ${Date.now() - started} ms`);
const unit = await run(
  [
    ...(viaTsx ? ['--import', 'tsx'] : []),
    '--import',
    `./${preload}`,
    '--test',
    '--test-concurrency=2',
    '--test-reporter=spec',
    ...build.built,
  ],
  { KEYFOB_REPO: root },
);
await build.remove();
let passed = count(unit.tail, /ℹ pass (\d+)/);
let failed = count(unit.tail, /ℹ fail (\d+)/) + (unit.status !== 0 && !/ℹ fail [1-9]/.test(unit.tail) ? 1 : 0);
let status = unit.status;

const integration = join(root, 'extension', 'test', 'run-integration.mjs');
if (filters.length === 0 && existsSync(integration) && process.env.KEYFOB_SKIP_VSCODE !== '1') {
  const ext = await run([integration], {});
  passed += count(ext.tail, /(\d+) passed, \d+ failed/);
  failed +=
    count(ext.tail, /\d+ passed, (\d+) failed/) + (ext.status !== 0 && !/[1-9]\d* failed/.test(ext.tail) ? 1 : 0);
  status ||= ext.status;
}
noteSkips('\n');
for (const reason of missingPrograms) console.log(`skipped, ${reason}`);
if (missingPrograms.size > 0 && process.env.CI === 'true') {
  console.log(
    `CI installs every program the tests use (.ci/apt-packages): ${missingPrograms.size} skipped for a missing program`,
  );
  status ||= 1;
}
// One closing line over both runners (node's test runner and the VS Code suite).
console.log(`all: ${passed} passed, ${failed} failed`);
process.exit(status);
