// What a second validator makes of the schemas the extension contributes (yamlValidation and
// jsonValidation): yaml-language-server, the server of Red Hat's YAML extension, from npm, over
// stdio. Given the repository's full schema it reports a faulty role file's problems (the control:
// the doubling users saw); given the contributed copy it reports nothing, so keyfob's report is the
// only one, and its hover still shows the schema's docs.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import type { MessageConnection } from 'vscode-jsonrpc/node.js';
import type { Diagnostic, Hover, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { lintText } from '@keyfob/shared/lint';

const extension = fileURLToPath(new URL('../..', import.meta.url));
const repo = join(extension, '..');
const contributed = join(extension, 'dist', 'schemas', 'role.schema.json');
const full = join(repo, 'schemas', 'role.schema.json');
const ROLE =
  'name: Bad Name!\ncredential_type: assumed_role\nrole_arns: [arn:aws:iam::123456789012:role/deploy]\npolcy_arns: [arn:aws:iam::aws:policy/ReadOnlyAccess]\nmax_sts_ttl: 2d\n';

/** Red Hat YAML's settings for the run: each copy of the role schema on its own folder, as yamlValidation maps it. */
const YAML_SETTINGS = {
  validate: true,
  hover: true,
  schemaStore: { enable: false },
  schemas: {
    [pathToFileURL(full).href]: ['**/full/*.role.yaml'],
    [pathToFileURL(contributed).href]: ['**/contributed/*.role.yaml'],
  },
};

let connection: MessageConnection;
let stop: () => void;
const published = new Map<string, (diagnostics: Diagnostic[]) => void>();

before(async () => {
  if (!existsSync(contributed)) assert.equal(spawnSync(process.execPath, [join(extension, 'build.mjs')]).status, 0);
  const child = spawn(
    process.execPath,
    [join(repo, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server'), '--stdio'],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  stop = () => child.kill();
  connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) =>
    published.get(params.uri)?.(params.diagnostics),
  );
  // yaml-language-server pulls its settings (sections yaml, http, [yaml], editor) whatever the client announced.
  connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
    params.items.map((item) => (item.section === 'yaml' ? YAML_SETTINGS : {})),
  );
  connection.onRequest('client/registerCapability', () => null);
  connection.onNotification(() => undefined);
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: { textDocument: { hover: { contentFormat: ['markdown'] } } },
  });
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('workspace/didChangeConfiguration', { settings: { yaml: YAML_SETTINGS } });
});
after(() => {
  connection.dispose();
  stop();
});

function open(uri: string): Promise<Diagnostic[]> {
  return new Promise((resolve) => {
    published.set(uri, resolve);
    void connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text: ROLE },
    });
  });
}

it("yaml-language-server reports a role file's problems from the full schema, and nothing from the contributed copy", async () => {
  assert.equal(lintText(ROLE, { fileName: 'deploy.role.yaml' }).problems.length, 3, 'keyfob reports three problems');
  const control = await open('file:///ws/full/deploy.role.yaml');
  assert.ok(
    control.length >= 2,
    `the full schema doubles keyfob's reports: ${JSON.stringify(control.map((d) => d.message))}`,
  );
  const ours = await open('file:///ws/contributed/deploy.role.yaml');
  assert.deepEqual(
    ours.map((d) => d.message),
    [],
  );
  const hover = await connection.sendRequest<Hover | null>('textDocument/hover', {
    textDocument: { uri: 'file:///ws/contributed/deploy.role.yaml' },
    position: { line: 1, character: 3 },
  });
  const text = JSON.stringify(hover?.contents ?? '');
  assert.match(text, /credential/i, 'the contributed schema still documents its fields');
});
