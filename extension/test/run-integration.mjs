#!/usr/bin/env node
// The extension's integration run in a real VS Code (code-server 4.100.3 = VS Code 1.100.3):
// install code-server (cached), build the .vsix, install it into fresh dirs, start code-server on
// 127.0.0.1, open the workbench in headless Debian chromium with the Mocha suite in the payload URL,
// collect its exit code and log, then a UI check with a screenshot; everything is stopped by PID.
// The suite runs twice: in the Node extension host (the desktop build, `main`, as code-server runs
// an installed extension by default) and in the web worker extension host (the web build, `browser`,
// chosen with the setting `remote.extensionKind` in its workspace), each on its own copy of the
// fixtures, both at once in one code-server (each workbench page gets its own extension hosts).
// Recipe and measurements: shared/reference/vscode-testing.md.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { installVsix, prepareRunDirs, startCodeServer } from './code-server-host.mjs';
import { ensureCodeServer, missingPackages } from './install-code-server.mjs';
import { runUiCheck } from './ui-check.mjs';

const extensionDir = fileURLToPath(new URL('..', import.meta.url));
const repo = join(extensionDir, '..');
const runDir = join(repo, '.tmp', 'code-server-run');
const artifacts = join(repo, 'test', 'artifacts');
const fixtures = join(extensionDir, 'test', 'fixtures', 'workspace');
const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
// A suite is stopped when it has said nothing (no test finished, no line logged) for this long on a
// quiet machine, scaled by TIME_SCALE; a suite that keeps making progress is never cut short.
const SUITE_STALL_MS = 90_000;
const TIME_SCALE = measureTimeScale();
const EXTENSION_ID = 'keyfob.keyfob-vscode';

// Where each run happens. The workbench runs `extensionTestsPath` in the host of the extension
// whose folder holds it, so each suite bundle lies inside the extension under test (the web one is
// copied into the installed extension: the .vsix leaves test bundles out).
const HOSTS = [
  { host: 'node', label: 'Node extension host (desktop build)', suite: ['dist', 'test', 'suite.js'], settings: {} },
  {
    host: 'web',
    label: 'web worker extension host (web build)',
    suite: ['dist', 'web', 'test', 'suite.js'],
    // An extension with both `main` and `browser` may run in the workspace or the web worker host;
    // code-server picks the workspace (Node) host unless the user says otherwise.
    settings: { 'remote.extensionKind': { [EXTENSION_ID]: ['web'] } },
  },
];

/**
 * How many times slower than a quiet machine this one answers now, from 1 to 8: the larger of the
 * load per core and a fixed piece of CPU work timed three times (median) against its time on a quiet
 * 2-core Debian 12 machine like CI's (about 60 ms). The suites' budgets (mocha's per-test timeout, the
 * diagnostics waits) and the stall watchdog below are multiplied by it.
 */
function measureTimeScale() {
  const QUIET_MS = 60;
  const times = [];
  for (let round = 0; round < 3; round++) {
    const begun = performance.now();
    let x = 0;
    for (let i = 0; i < 2e7; i++) x = (x + i * 7) % 1000003;
    if (x < 0) console.log(x); // keeps the loop's result alive
    times.push(performance.now() - begun);
  }
  const median = times.sort((a, b) => a - b)[1];
  const perCore = loadavg()[0] / Math.max(1, cpus().length);
  return Math.min(8, Math.max(1, median / QUIET_MS, perCore));
}

function step(label, started) {
  console.log(`extension integration: ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function buildVsix() {
  const run = spawnSync('npm', ['run', 'package', '--silent'], { cwd: extensionDir, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`building the .vsix failed:\n${run.stdout}\n${run.stderr}`);
  return join(extensionDir, 'dist', 'keyfob-vscode.vsix');
}

/** Opens the workbench with the suite in the payload; resolves with the exit code the workbench reports. */
async function runSuite(browser, server, installedPath, suitePath, workspace, log) {
  const page = await browser.newPage();
  let finish;
  const exited = new Promise((resolve) => (finish = resolve));
  await page.exposeFunction('codeAutomationExit', (code) => finish(code));
  let stalled;
  let watchdog;
  const stall = new Promise((resolve) => (stalled = resolve));
  const progress = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => stalled('timeout'), SUITE_STALL_MS * TIME_SCALE);
  };
  await page.exposeFunction('codeAutomationLog', (_type, message) => {
    log.push(String(message));
    progress();
  });
  const authority = new URL(server.url).host;
  const payload = [
    ['extensionDevelopmentPath', `vscode-remote://${authority}${installedPath}`],
    ['extensionTestsPath', `vscode-remote://${authority}${suitePath}`],
    ['skipWelcome', 'true'],
  ];
  const query = `folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  await page.goto(`${server.url}/?${query}`);
  progress();
  const code = await Promise.race([exited, stall]);
  clearTimeout(watchdog);
  if (code === 'timeout')
    log.push(`the suite said nothing for ${Math.round((SUITE_STALL_MS * TIME_SCALE) / 1000)} s: stopped`);
  await page.close();
  return code;
}

/**
 * One run of the suite in one extension host: its own copy of the fixtures (the tests write files)
 * with the host's workspace settings, its bundle inside the installed extension. Resolves with
 * `{ ...spec, code, result, log }`.
 */
async function runInHost(browser, server, installedPath, dirs, spec) {
  const workspace = spec.host === 'node' ? dirs.workspace : `${dirs.workspace}-${spec.host}`;
  if (workspace !== dirs.workspace) cpSync(fixtures, workspace, { recursive: true });
  const settingsFile = join(workspace, '.vscode', 'settings.json');
  const settings = JSON.parse(readFileSync(settingsFile, 'utf8'));
  const scale = { 'keyfob.test.timeScale': Number(TIME_SCALE.toFixed(2)) };
  writeFileSync(settingsFile, `${JSON.stringify({ ...settings, ...spec.settings, ...scale }, null, 2)}\n`);
  const suitePath = join(installedPath, ...spec.suite);
  mkdirSync(dirname(suitePath), { recursive: true });
  cpSync(join(extensionDir, ...spec.suite), suitePath);
  const log = [];
  const code = await runSuite(browser, server, installedPath, suitePath, workspace, log);
  return { ...spec, code, result: suiteResult(log), log };
}

/** The suite's own count (see test/suite/run-suite.ts); absent when the suite never finished. */
function suiteResult(log) {
  for (const line of log) {
    const match = /^KEYFOB_SUITE (\{.*\})$/.exec(line.trim());
    if (match) return JSON.parse(match[1]);
  }
  return undefined;
}

// Workbench chatter that says nothing about the suite (socket setup, shutdown of the web client).
const NOISE =
  /^(Resolving connection token|Resolved connection token|Creating a socket|Updating additional builtin|\[Service Worker\]|ChatSessionStore|\[lifecycle\]|Canceled$|Unable to read file .*Canceled)/;

async function main() {
  const started = Date.now();
  const missing = missingPackages();
  if (missing.length > 0) {
    // The line scripts/test.mjs counts (a skip for a missing program fails CI, which installs them all).
    const install = `apt-get install ${missing.join(' ')}`;
    console.log(`# missing program: the VS Code suites need Debian packages ${missing.join(', ')} (${install})`);
    console.log('extension integration: skipped, 0 passed, 0 failed');
    return 0;
  }
  step(`time scale ${TIME_SCALE.toFixed(2)} (budgets are multiplied by it)`, started);
  const codeServer = ensureCodeServer();
  step('code-server ready', started);
  const vsix = buildVsix();
  step('built the .vsix', started);
  const dirs = prepareRunDirs(runDir, fixtures);
  installVsix(codeServer, dirs, vsix);
  const installed = readdirSync(dirs.extensions).find((name) => name.startsWith(`${EXTENSION_ID}-`));
  if (!installed) throw new Error('the .vsix did not install into the extensions dir');
  const serverLog = [];
  const server = await startCodeServer(codeServer, dirs, {
    timeoutMs: Math.round(30_000 * TIME_SCALE),
    onLog: (text) => serverLog.push(text),
  });
  step(`code-server listening on ${server.url} (pid ${server.pid})`, started);
  let browser;
  try {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: BROWSER_ARGS });
    // KEYFOB_EXTENSION_HOSTS=web (or node) runs one host only, for working on it.
    const only = process.env.KEYFOB_EXTENSION_HOSTS?.split(',');
    const specs = HOSTS.filter((candidate) => !only || only.includes(candidate.host));
    if (specs.length === 0) throw new Error(`KEYFOB_EXTENSION_HOSTS names no host (node, web): ${only}`);
    const runs = await Promise.all(
      specs.map(async (spec) => {
        const run = await runInHost(browser, server, join(dirs.extensions, installed), dirs, spec);
        step(`suite in the ${spec.label} finished with ${run.code}`, started);
        return run;
      }),
    );
    for (const run of runs) {
      console.log(`\n--- ${run.label} ---`);
      console.log(run.log.filter((line) => !NOISE.test(line)).join('\n'));
    }
    mkdirSync(artifacts, { recursive: true });
    writeFileSync(
      join(artifacts, 'extension-suite.log'),
      `${runs.map((run) => `--- ${run.label} ---\n${run.log.join('\n')}`).join('\n\n')}\n\n--- code-server ---\n${serverLog.join('')}`,
    );
    const ui = await runUiCheck(browser, server.url, dirs.workspace, artifacts, TIME_SCALE);
    step(`UI check ${ui.ok ? 'passed' : 'FAILED'}: ${ui.detail}`, started);
    let passed = ui.ok ? 1 : 0;
    let failed = ui.ok ? 0 : 1;
    let ok = ui.ok;
    for (const run of runs) {
      const { result } = run;
      // The suite reports the host it ran in; a bundle that ran elsewhere does not count.
      const runOk = run.code === 0 && result?.host === run.host && result.failures === 0 && result.passes > 0;
      if (!result)
        console.error(`extension integration: the ${run.label} suite reported no result (exit code ${run.code})`);
      console.log(
        `extension integration, ${run.label}: ${result?.passes ?? 0} passing, ${result?.failures ?? 0} failing${runOk ? '' : ' (FAILED)'}`,
      );
      passed += result?.passes ?? 0;
      // A run that failed without a failing test (no result, wrong host, no exit code) counts once.
      failed += (result?.failures ?? 0) + (!runOk && !(result?.failures > 0) ? 1 : 0);
      ok &&= runOk;
    }
    console.log(`extension integration: ${passed} passed, ${failed} failed`);
    return ok ? 0 : 1;
  } finally {
    await browser?.close().catch(() => {});
    server.stop();
  }
}

main().then(
  (status) => process.exit(status),
  (error) => {
    console.error(`extension integration: ${error instanceof Error ? error.stack : error}`);
    process.exit(1);
  },
);
