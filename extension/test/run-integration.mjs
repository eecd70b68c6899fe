#!/usr/bin/env node
// The extension's integration run in a real VS Code (code-server 4.100.3 = VS Code 1.100.3):
// install code-server (cached), build the .vsix, install it into fresh dirs, start code-server on
// 127.0.0.1, open the workbench in headless Debian chromium with the Mocha suite in the payload URL,
// collect its exit code and log, then a UI check with a screenshot; everything is stopped by PID.
// Recipe and measurements: shared/reference/vscode-testing.md.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { installVsix, prepareRunDirs, startCodeServer } from './code-server-host.mjs';
import { ensureCodeServer } from './install-code-server.mjs';
import { runUiCheck } from './ui-check.mjs';

const extensionDir = fileURLToPath(new URL('..', import.meta.url));
const repo = join(extensionDir, '..');
const runDir = join(repo, '.tmp', 'code-server-run');
const artifacts = join(repo, 'test', 'artifacts');
const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const SUITE_TIMEOUT_MS = 120_000;

function step(label, started) {
  console.log(`extension integration: ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function buildVsix() {
  const run = spawnSync('npm', ['run', 'package', '--silent'], { cwd: extensionDir, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`building the .vsix failed:\n${run.stdout}\n${run.stderr}`);
  return join(extensionDir, 'dist', 'keyfob-vscode.vsix');
}

/** Opens the workbench with the suite in the payload; resolves with the exit code the workbench reports. */
async function runSuite(browser, server, installedPath, dirs, log) {
  const page = await browser.newPage();
  let finish;
  const exited = new Promise((resolve) => (finish = resolve));
  await page.exposeFunction('codeAutomationExit', (code) => finish(code));
  await page.exposeFunction('codeAutomationLog', (_type, message) => log.push(String(message)));
  const authority = new URL(server.url).host;
  const payload = [
    ['extensionDevelopmentPath', `vscode-remote://${authority}${installedPath}`],
    ['extensionTestsPath', `vscode-remote://${authority}${join(extensionDir, 'dist', 'test', 'suite.js')}`],
    ['skipWelcome', 'true'],
  ];
  const query = `folder=${encodeURIComponent(dirs.workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  await page.goto(`${server.url}/?${query}`);
  let timer;
  const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), SUITE_TIMEOUT_MS)));
  const code = await Promise.race([exited, timeout]);
  clearTimeout(timer);
  await page.close();
  return code;
}

/** The suite's own count (see test/suite/index.ts); absent when the suite never finished. */
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
  if (!existsSync('/usr/bin/chromium')) throw new Error('/usr/bin/chromium is missing: run .ci/apt-packages');
  const codeServer = ensureCodeServer();
  step('code-server ready', started);
  const vsix = buildVsix();
  step('built the .vsix', started);
  const dirs = prepareRunDirs(runDir, join(extensionDir, 'test', 'fixtures', 'workspace'));
  installVsix(codeServer, dirs, vsix);
  const installed = readdirSync(dirs.extensions).find((name) => name.startsWith('keyfob.keyfob-vscode-'));
  if (!installed) throw new Error('the .vsix did not install into the extensions dir');
  const serverLog = [];
  const server = await startCodeServer(codeServer, dirs, { onLog: (text) => serverLog.push(text) });
  step(`code-server listening on ${server.url} (pid ${server.pid})`, started);
  let browser;
  const log = [];
  try {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: BROWSER_ARGS });
    const code = await runSuite(browser, server, join(dirs.extensions, installed), dirs, log);
    console.log(log.filter((line) => !NOISE.test(line)).join('\n'));
    step(`suite finished with ${code}`, started);
    mkdirSync(artifacts, { recursive: true });
    writeFileSync(
      join(artifacts, 'extension-suite.log'),
      `${log.join('\n')}\n\n--- code-server ---\n${serverLog.join('')}`,
    );
    const ui = await runUiCheck(browser, server.url, dirs.workspace, artifacts);
    step(`UI check ${ui.ok ? 'passed' : 'FAILED'}: ${ui.detail}`, started);
    const result = suiteResult(log);
    if (!result) console.error(`extension integration: the suite reported no result (exit code ${code})`);
    const suiteOk = code === 0 && result !== undefined && result.failures === 0 && result.passes > 0;
    const passed = (result?.passes ?? 0) + (ui.ok ? 1 : 0);
    const failed = (result?.failures ?? 0) + (ui.ok ? 0 : 1) + (result ? 0 : 1);
    console.log(`extension integration: ${passed} passed, ${failed} failed`);
    return suiteOk && ui.ok ? 0 : 1;
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
