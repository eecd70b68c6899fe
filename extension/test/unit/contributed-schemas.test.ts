// What a second validator makes of the schemas the extension contributes (yamlValidation and
// jsonValidation): yaml-language-server, the server of Red Hat's YAML extension, from npm, over
// stdio. Given the repository's full schema it reports a faulty role file's problems (the control:
// the doubling users saw); given the contributed copy it reports nothing, so keyfob's report is the
// only one, and its hover still shows the schema's docs.
//
// A `# yaml-language-server: $schema=<url>` modeline overrides every association: Red Hat YAML then
// asks its VS Code client for the URL's content (`vscode/content`, which the client fetches). This
// test plays that client, serving per URL what a web server would: nothing (keyfob's schema URLs
// today), the docs-only copy, or the full schema (the control).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node.js';
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

/** What each modeline URL serves (the test's stand-in for the web, answering Red Hat YAML's client requests). */
const SERVED = new Map<string, string>([
  ['https://docs-only.test/schemas/role.schema.json', readFileSync(contributed, 'utf8')],
  ['https://full.test/schemas/role.schema.json', readFileSync(full, 'utf8')],
]);

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
  // As Red Hat YAML's client does for http(s) schemas: fetch, or fail as a fetch of a missing page does.
  connection.onRequest('vscode/content', (uri: string) => {
    const content = SERVED.get(uri);
    if (content === undefined) throw new ResponseError(-32603, `getaddrinfo ENOTFOUND ${new URL(uri).host}`);
    return content;
  });
  connection.onNotification(() => undefined);
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: { textDocument: { hover: { contentFormat: ['markdown'] } } },
  });
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('yaml/registerContentRequest');
  await connection.sendNotification('workspace/didChangeConfiguration', { settings: { yaml: YAML_SETTINGS } });
});
after(() => {
  connection.dispose();
  stop();
});

function open(uri: string, text = ROLE): Promise<Diagnostic[]> {
  return new Promise((resolve) => {
    published.set(uri, resolve);
    void connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text },
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

/** A diagnostic's message as text (the protocol allows Markdown content too). */
const messageOf = (d: Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);

/** True when an LSP range (0-based) and a keyfob range (1-based lines and columns) share a character. */
function overlaps(
  range: Diagnostic['range'],
  problem: { startLine: number; startColumn: number; endLine: number; endColumn: number },
): boolean {
  const at = (line: number, character: number) => line * 1_000_000 + character;
  const start = at(problem.startLine - 1, problem.startColumn - 1);
  const end = at(problem.endLine - 1, problem.endColumn - 1);
  return at(range.start.line, range.start.character) < end && start < at(range.end.line, range.end.character);
}

/** The role file with a modeline naming `url`, in a file whose name says nothing (the modeline makes it a role file). */
const withModeline = (url: string): string => `# yaml-language-server: $schema=${url}\n${ROLE}`;

it('with a $schema modeline, each problem is reported once: by keyfob, not again by yaml-language-server', async () => {
  const cases = [
    // What users write today: keyfob's schema id. Nothing is served there, so Red Hat YAML says
    // once that it cannot load it (at the document's first character) and reports no problem of the role.
    { url: 'https://keyfob.dev/schemas/role.schema.json', expected: ['unable to load'] },
    // A URL serving the docs-only copy (what the extension contributes): nothing but keyfob's reports.
    { url: 'https://docs-only.test/schemas/role.schema.json', expected: [] },
  ];
  for (const [index, { url, expected }] of cases.entries()) {
    const text = withModeline(url);
    const keyfob = lintText(text, { fileName: 'deploy.yaml' }).problems;
    assert.deepEqual(
      keyfob.map((p) => p.code).sort(),
      ['DURATION_BAD_UNIT', 'FIELD_UNKNOWN', 'ROLE_INVALID_NAME'],
      `keyfob reads the modeline (${url}) and reports the role's three problems`,
    );
    const theirs = await open(`file:///ws/modeline-${index}/deploy.yaml`, text);
    const describe = JSON.stringify(
      theirs.map(
        (d) =>
          `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${messageOf(d)}`,
      ),
    );
    assert.deepEqual(
      theirs.map((d) => (/^Unable to load schema from/.test(messageOf(d)) ? 'unable to load' : messageOf(d))),
      expected,
      `${url}: ${describe}`,
    );
    // Nothing of theirs lies on a problem keyfob reports (the load note sits at the document's first character).
    for (const problem of keyfob) {
      assert.ok(problem.range, `${problem.code} has a range`);
      const overlapping = theirs.filter((d) => overlaps(d.range, problem.range!));
      assert.deepEqual(overlapping, [], `one report for ${problem.code}: ${describe}`);
    }
  }
  const hover = await connection.sendRequest<Hover | null>('textDocument/hover', {
    textDocument: { uri: 'file:///ws/modeline-1/deploy.yaml' },
    position: { line: 2, character: 3 },
  });
  assert.match(JSON.stringify(hover?.contents ?? ''), /credential/i, 'the docs-only copy documents the fields');
  // Control: a modeline URL serving the full schema makes yaml-language-server report them again.
  const doubled = await open(
    'file:///ws/modeline-full/deploy.yaml',
    withModeline('https://full.test/schemas/role.schema.json'),
  );
  assert.ok(
    doubled.length >= 2,
    `the full schema doubles keyfob's reports: ${JSON.stringify(doubled.map((d) => d.message))}`,
  );
});
