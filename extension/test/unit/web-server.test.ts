// The web build's language server (dist/web/server.js) in a real browser worker: Debian's chromium,
// headless, started by playwright-core. The page plays the client's part over the worker's message
// port (what vscode-languageclient/browser does in VS Code for the Web): initialize, open documents,
// ask for completion, and read the published diagnostics.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { lintText } from '@keyfob/shared/lint';
import { missingProgram, PROGRAMS } from '../../../test/helpers/programs.ts';

const extension = fileURLToPath(new URL('../..', import.meta.url));
const serverBundle = join(extension, 'dist', 'web', 'server.js');
const ROLE = 'credential_type: iam_usr\npolicy_arns:\n  - arn:aws:iam::aws:policy/ReadOnlyAccess\n';

interface Exchange {
  readonly diagnostics: Record<string, { code: string }[]>;
  readonly completion: string[];
}

// The client side, run in the page as written (plain JavaScript: the test's TypeScript transform
// would add helpers the page does not have).
const PAGE_CLIENT = `async ({ source, role }) => {
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  const pending = new Map();
  const diagnostics = {};
  const published = new Map();
  worker.onmessage = ({ data }) => {
    if (data.method === 'textDocument/publishDiagnostics') {
      diagnostics[data.params.uri] = data.params.diagnostics;
      published.get(data.params.uri)?.();
    } else if (data.id !== undefined && data.method === undefined) {
      pending.get(data.id)?.(data.result);
    }
  };
  let next = 1;
  const request = (method, params) => new Promise((resolve) => {
    const id = next++;
    pending.set(id, resolve);
    worker.postMessage({ jsonrpc: '2.0', id, method, params });
  });
  const notify = (method, params) => worker.postMessage({ jsonrpc: '2.0', method, params });
  const open = (uri, text) => new Promise((resolve) => {
    published.set(uri, resolve);
    notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  });
  await request('initialize', {
    processId: null,
    rootUri: 'memfs:/ws',
    workspaceFolders: [{ uri: 'memfs:/ws', name: 'ws' }],
    capabilities: {},
    initializationOptions: { settings: { keyfob: { roleFiles: { include: ['deploy/*.yaml'] } } } },
  });
  notify('initialized', {});
  await open('memfs:/ws/ci.role.yaml', role);
  await open('memfs:/ws/deploy/team.yaml', role);
  await open('memfs:/ws/other/team.yaml', role);
  const items = await request('textDocument/completion', { textDocument: { uri: 'memfs:/ws/ci.role.yaml' }, position: { line: 0, character: 17 } });
  worker.terminate();
  return { diagnostics, completion: items.map((i) => i.label) };
}`;

let browser: Browser | undefined;
before(async () => {
  if (!existsSync(serverBundle)) {
    const build = spawnSync(process.execPath, [join(extension, 'build.mjs')], { encoding: 'utf8' });
    assert.equal(build.status, 0, build.stderr);
  }
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});
after(async () => browser?.close());

it(
  'dist/web/server.js answers in a browser worker: diagnostics (include globs too) and completion',
  { skip: missingProgram(PROGRAMS.chromium) },
  async () => {
    const page = await (browser as Browser).newPage();
    await page.setContent('<!doctype html><title>keyfob web server</title>');
    const args = JSON.stringify({ source: readFileSync(serverBundle, 'utf8'), role: ROLE });
    const result = await page.evaluate<Exchange>(`(${PAGE_CLIENT})(${args})`);
    await page.close();
    const expected = lintText(ROLE, { fileName: 'ci.role.yaml' }).problems.map((p) => p.code);
    assert.ok(expected.includes('ROLE_UNKNOWN_CREDENTIAL_TYPE'));
    assert.deepEqual(
      result.diagnostics['memfs:/ws/ci.role.yaml']?.map((d) => d.code),
      expected,
    );
    assert.deepEqual(
      result.diagnostics['memfs:/ws/deploy/team.yaml']?.map((d) => d.code),
      lintText(ROLE, { fileName: 'team.role.yaml' }).problems.map((p) => p.code),
      'the include glob matched in the worker',
    );
    assert.deepEqual(result.diagnostics['memfs:/ws/other/team.yaml'], [], 'not a role file');
    assert.ok(
      ['iam_user', 'assumed_role', 'federation_token', 'session_token'].every((t) => result.completion.includes(t)),
      result.completion.join(),
    );
  },
);
