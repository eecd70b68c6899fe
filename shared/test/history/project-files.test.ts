// The editors' project facts (shared/src/history/project-files.ts): a workspace folder read from disk
// (node fs through nodeProjectFs, a real temporary folder) with `keyfob history scan`'s rules, each
// file's facts once per stamp, an open document's text in place of the saved one, and the bounds past
// which the open documents alone count (said once in the log).
import assert from 'node:assert/strict';
import * as fsPromises from 'node:fs/promises';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { nodeProjectFs, scanFile, scanProject, WorkspaceProjectFacts } from '@keyfob/shared/history';
import { projectFactsFromWire, projectFactsToWire } from '../../src/lsp/project-request.ts';
import type { OpenProjectFile, ProjectFacts } from '@keyfob/shared/history';

const PROJECT = new URL('../../../test/fixtures/history/project/pkg/', import.meta.url);
const MODELS = readFileSync(new URL('models/jobs.py', PROJECT), 'utf8');
const SERVICE = readFileSync(new URL('resources/jobs.py', PROJECT), 'utf8');
const FOLDER = 'file:///workspace';
const roots: string[] = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A temporary folder with these files (path → text or bytes). */
function folder(files: Record<string, string | Uint8Array>): string {
  const root = mkdtempSync(join(tmpdir(), 'keyfob-project-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** A store over `root`; `read` asks for the facts once and waits for the folder's read, `reread` after a change. */
function store(root: string, limits?: { files: number; totalBytes: number; entries: number }) {
  const logs: string[] = [];
  let wake: (() => void) | undefined;
  const projects = new WorkspaceProjectFacts({
    fsOf: () => nodeProjectFs(fsPromises, root),
    fileNameOf: (_folder, path) => `${root}/${path}`,
    log: (message) => logs.push(message),
    pause: () => new Promise((resolve) => setImmediate(resolve)),
    updated: () => wake?.(),
    ...(limits ? { limits } : {}),
  });
  const next = (): Promise<void> => new Promise((resolve) => (wake = resolve));
  const read = async (): Promise<void> => {
    const updated = next();
    projects.factsOf(FOLDER, []);
    await updated;
  };
  const reread = async (): Promise<void> => {
    const updated = next();
    projects.changed(FOLDER);
    await updated;
  };
  return { projects, logs, next, read, reread };
}

function openFile(path: string, text: string, version = 1): OpenProjectFile {
  return { path, version, facts: () => scanFile(text, { fileName: path }).facts };
}

const modelPaths = (facts: ProjectFacts | undefined): Record<string, readonly string[]> =>
  Object.fromEntries(facts?.modelPaths ?? []);

const SERVICE_PATHS = {
  JobListOptions: ['/workspaces/:workspace_id/runs'],
  OrgJobListOptions: ['/organizations/:organization_name/runs'],
};

describe('project facts of an editor’s workspace folder', () => {
  it('the first answer is the open document alone; the saved files’ facts come after the read', async () => {
    const root = folder({ 'pkg/models/jobs.py': MODELS, 'pkg/resources/jobs.py': SERVICE });
    const { projects, next } = store(root);
    const open = [openFile('pkg/models/jobs.py', MODELS)];
    const updated = next();
    assert.equal(projects.factsOf(FOLDER, open), undefined);
    await updated;
    assert.deepEqual(modelPaths(projects.factsOf(FOLDER, open)), SERVICE_PATHS);
  });

  it('skips what the CLI skips: node_modules, .git and dist, binary files', async () => {
    const binary = new Uint8Array([...Buffer.from(SERVICE), 0]);
    const root = folder({
      'node_modules/x/jobs.py': SERVICE,
      '.git/jobs.py': SERVICE,
      'dist/jobs.py': SERVICE,
      'lib/jobs.py': binary,
      'pkg/models/jobs.py': MODELS,
    });
    const { projects, read } = store(root);
    await read();
    assert.deepEqual(modelPaths(projects.factsOf(FOLDER, [])), {});
  });

  it('an open document’s text stands for the saved one', async () => {
    const root = folder({ 'pkg/models/jobs.py': MODELS, 'pkg/resources/jobs.py': SERVICE });
    const { projects, read } = store(root);
    await read();
    assert.deepEqual(modelPaths(projects.factsOf(FOLDER, [])), SERVICE_PATHS);
    const edited = openFile('pkg/resources/jobs.py', SERVICE.replace(/JobListOptions/g, 'Other'), 2);
    assert.deepEqual(Object.keys(modelPaths(projects.factsOf(FOLDER, [edited]))), ['Other', 'OrgOther']);
  });

  it('a changed file is read again; the same facts keep the same object', async () => {
    const root = folder({ 'pkg/models/jobs.py': MODELS, 'pkg/resources/jobs.py': SERVICE });
    const { projects, read, reread } = store(root);
    await read();
    const before = projects.factsOf(FOLDER, []);
    writeFileSync(join(root, 'pkg/models/jobs.py'), `${MODELS}\n# touched\n`);
    await reread();
    assert.equal(projects.factsOf(FOLDER, []), before);
    writeFileSync(join(root, 'pkg/resources/jobs.py'), '');
    await reread();
    assert.deepEqual(modelPaths(projects.factsOf(FOLDER, [])), {});
  });

  // The key that keeps an unchanged project's object listed some of the facts' fields: a change to another (here a file
  // that starts naming this API, which keeps the paths of a service on an unknown base) kept the old facts.
  it('a change to any of the facts gives new facts: a file that starts naming this API', async () => {
    const service = 'import requests\n\ndef drop(base, pid):\n    return requests.delete(f"{base}/projects/{pid}")\n';
    const root = folder({ 'app/service.py': service, 'app/settings.py': 'DEBUG = False\n' });
    const { projects, read } = store(root);
    await read();
    const before = projects.factsOf(FOLDER, []);
    assert.equal(before?.namesApi, undefined);
    const named = openFile('app/settings.py', 'import os\n\nTOKEN = os.environ["TFE_TOKEN"]\n', 2);
    const after = projects.factsOf(FOLDER, [named]);
    assert.notEqual(after, before);
    assert.deepEqual([...(after?.namesApi ?? [])], ['app']);
  });

  it('past a bound, the open documents alone count, and the log says so once', async () => {
    const root = folder({ 'a.py': SERVICE, 'b.py': MODELS, 'c.py': '' });
    const { projects, logs, read, reread } = store(root, { files: 2, totalBytes: 1_000_000, entries: 100 });
    await read();
    assert.equal(projects.factsOf(FOLDER, []), undefined);
    const open = [openFile('a.py', SERVICE), openFile('b.py', MODELS)];
    assert.deepEqual(modelPaths(projects.factsOf(FOLDER, open)), SERVICE_PATHS);
    await reread();
    assert.equal(logs.length, 1, logs.join('\n'));
    assert.match(logs[0] ?? '', /more than 2 files.*open ones only/);
  });
});

describe('WorkspaceProjectFacts.saved: the saved files’ facts, from one read', () => {
  /** A store over `root` whose reader counts each file read. */
  function counted(
    root: string,
    options: { keepTexts?: boolean; limits?: { files: number; totalBytes: number; entries: number } } = {},
  ) {
    const reads: string[] = [];
    const fs = nodeProjectFs(fsPromises, root);
    const projects = new WorkspaceProjectFacts({
      fsOf: () => ({ ...fs, readFile: (path) => (reads.push(path), fs.readFile(path)) }),
      fileNameOf: (_folder, path) => `${root}/${path}`,
      log: () => undefined,
      pause: () => new Promise((resolve) => setImmediate(resolve)),
      updated: () => undefined,
      ...options,
    });
    return { projects, reads };
  }

  it('the first call reads the folder and waits for it; later calls read nothing again', async () => {
    const root = folder({ 'pkg/models/jobs.py': MODELS, 'pkg/resources/jobs.py': SERVICE });
    const { projects, reads } = counted(root);
    const [first, second] = await Promise.all([projects.saved(FOLDER), projects.saved(FOLDER)]);
    assert.deepEqual([...first.keys()], ['pkg/models/jobs.py', 'pkg/resources/jobs.py']);
    assert.deepEqual(
      first.get('pkg/resources/jobs.py'),
      scanFile(SERVICE, { fileName: `${root}/pkg/resources/jobs.py` }).facts,
    );
    assert.deepEqual(second, first);
    assert.deepEqual(reads.sort(), ['pkg/models/jobs.py', 'pkg/resources/jobs.py']);
    await projects.saved(FOLDER);
    projects.changed(FOLDER);
    await projects.saved(FOLDER);
    assert.equal(reads.length, 2, reads.join(', '));
  });

  it('after a change, only the changed file is read again and its new facts are answered', async () => {
    const root = folder({ 'pkg/models/jobs.py': MODELS, 'pkg/resources/jobs.py': SERVICE });
    const { projects, reads } = counted(root);
    await projects.saved(FOLDER);
    writeFileSync(join(root, 'pkg/resources/jobs.py'), SERVICE.replace(/JobListOptions/g, 'Other'));
    projects.changed(FOLDER);
    const saved = await projects.saved(FOLDER);
    assert.deepEqual(reads.slice(2), ['pkg/resources/jobs.py']);
    assert.deepEqual([...(saved.get('pkg/resources/jobs.py')?.modelPaths.keys() ?? [])], ['Other', 'OrgOther']);
  });

  it('with keepTexts, each file’s text and matches alone come with its facts (savedFiles)', async () => {
    const root = folder({ 'pkg/models/jobs.py': MODELS, 'pkg/resources/jobs.py': SERVICE });
    const { projects } = counted(root, { keepTexts: true });
    const { files, listed, over } = await projects.savedFiles(FOLDER);
    assert.deepEqual(listed, ['pkg/models/jobs.py', 'pkg/resources/jobs.py']);
    assert.equal(over, undefined);
    const service = files.get('pkg/resources/jobs.py');
    assert.equal(service?.text, SERVICE);
    const alone = scanFile(SERVICE, { fileName: `${root}/pkg/resources/jobs.py` });
    assert.deepEqual(service?.matches, alone.matches);
    assert.ok((service?.matches?.length ?? 0) > 0);
    // Without keepTexts, the facts alone are kept.
    const { files: bare } = await counted(root).projects.savedFiles(FOLDER);
    assert.deepEqual(Object.keys(bare.get('pkg/resources/jobs.py') ?? {}), ['facts']);
  });

  it('past a bound: no facts and no file read; the paths listed before the bound and the bound are said', async () => {
    const root = folder({ 'a.py': SERVICE, 'b.py': MODELS, 'c.py': '' });
    const { projects, reads } = counted(root, { limits: { files: 2, totalBytes: 1_000_000, entries: 100 } });
    assert.deepEqual(await projects.saved(FOLDER), new Map());
    const { listed, over } = await projects.savedFiles(FOLDER);
    assert.deepEqual(listed, ['a.py', 'b.py']);
    assert.equal(over, 'more than 2 files');
    assert.deepEqual(reads, []);
  });

  it('facts another owner read (savedOf) are answered, and this host reads no file', async () => {
    const root = folder({ 'pkg/resources/jobs.py': SERVICE });
    const reads: string[] = [];
    const fs = nodeProjectFs(fsPromises, root);
    const theirs = new Map([['pkg/resources/jobs.py', scanFile(SERVICE, { fileName: 'pkg/resources/jobs.py' }).facts]]);
    const projects = new WorkspaceProjectFacts({
      fsOf: () => ({ ...fs, readFile: (path) => (reads.push(path), fs.readFile(path)) }),
      savedOf: () => Promise.resolve(theirs),
      fileNameOf: (_folder, path) => path,
      log: () => undefined,
      pause: () => Promise.resolve(),
      updated: () => undefined,
    });
    assert.deepEqual(await projects.saved(FOLDER), theirs);
    assert.deepEqual(reads, []);
  });
});

// The Go package rule across the wire: the VS Code extension's host names a file by its path, its language server by its
// URI; the folder a file naming this API is in (`FileFacts.namesApi`) is the server's name for it, or no Go file of the
// package would ever be near it.
describe('a package that names this API, read by the host and sent to its server', () => {
  const files: Record<string, string> = {
    'cmd/sync/main.go':
      'package main\n\nimport tfe "github.com/hashicorp/go-tfe"\n\nfunc main() { _, _ = tfe.NewClient(nil) }\n',
    'cmd/sync/projects.go': [
      'package main',
      '',
      'import "net/http"',
      '',
      'func (c *Client) DeleteProject(id string) error {',
      '\treq, err := http.NewRequest(http.MethodDelete, c.base+"/projects/"+id, nil)',
      '\tif err != nil {',
      '\t\treturn err',
      '\t}',
      '\t_, err = http.DefaultClient.Do(req)',
      '\treturn err',
      '}',
    ].join('\n'),
  };

  it('the server keeps the package’s paths as the CLI does', async () => {
    const root = folder(files);
    const host = store(root);
    await host.read();
    const wire = JSON.parse(JSON.stringify(projectFactsToWire(await host.projects.saved(FOLDER)))) as unknown;
    const uri = (path: string): string => `file://${root}/${path}`;
    let wake: (() => void) | undefined;
    const server = new WorkspaceProjectFacts({
      fsOf: () => undefined,
      savedOf: () => Promise.resolve(projectFactsFromWire(wire).files),
      fileNameOf: (_folder, path) => uri(path),
      log: () => undefined,
      pause: () => new Promise((resolve) => setImmediate(resolve)),
      updated: () => wake?.(),
    });
    const updated = new Promise<void>((resolve) => (wake = resolve));
    server.factsOf(FOLDER, []);
    await updated;
    const path = 'cmd/sync/projects.go';
    const text = files[path] ?? '';
    const names = Object.keys(files);
    const cli = scanProject(names.map((p) => ({ fileName: uri(p), text: files[p] ?? '' })))[names.indexOf(path)] ?? [];
    assert.deepEqual(
      cli.map((m) => m.subject.id),
      ['endpoint DELETE /projects/:project_id'],
    );
    const open = { path, version: 1, facts: () => scanFile(text, { fileName: uri(path) }).facts };
    const project = server.factsOf(FOLDER, [open]);
    assert.ok(project);
    assert.deepEqual([...(project.namesApi ?? [])], [`file://${root}/cmd/sync`]);
    assert.deepEqual(
      scanFile(text, { fileName: uri(path), project }).matches.map((m) => m.subject.id),
      cli.map((m) => m.subject.id),
    );
  });
});

// Review v7 item 20: the VS Code extension's host reads the folder (its own end-of-line notes) and answers its language
// server with the facts over the wire; both scan a Terraform test and a `.tfvars` file with the project's modules, as
// `keyfob history scan <folder>` does (scanProject).
describe('Terraform modules in an editor’s project facts, read by the host and sent to its server', () => {
  const files: Record<string, string> = {
    'mod/main.tf': [
      'variable "grants" {}',
      'variable "tags" {}',
      'resource "tfe_team_project_access" "this" {',
      '  for_each = var.grants',
      '  access   = each.value.access',
      '}',
      'resource "tfe_workspace" "w" {',
      '  tag_names = var.tags',
      '}',
    ].join('\n'),
    'mod/tests/basic.tftest.hcl': 'variables {\n  grants = {\n    ops = { access = "maintain" }\n  }\n}\n',
    'mod/terraform.tfvars': 'tags = ["prod"]\ngrants = {\n  ops = { access = "read" }\n}\n',
  };
  const rows = (matches: readonly { line: number; subject: { id: string } }[]): string[] =>
    matches.map((m) => `${m.line} ${m.subject.id}`);

  it('the host’s facts and the server’s (over the wire) give the rows the CLI gives', async () => {
    const root = folder(files);
    const host = store(root);
    await host.read();
    const wire = JSON.parse(JSON.stringify(projectFactsToWire(await host.projects.saved(FOLDER)))) as unknown;
    let wake: (() => void) | undefined;
    const server = new WorkspaceProjectFacts({
      fsOf: () => undefined,
      savedOf: () => Promise.resolve(projectFactsFromWire(wire).files),
      fileNameOf: (_folder, path) => `${root}/${path}`,
      log: () => undefined,
      pause: () => new Promise((resolve) => setImmediate(resolve)),
      updated: () => wake?.(),
    });
    const updated = new Promise<void>((resolve) => (wake = resolve));
    server.factsOf(FOLDER, []);
    await updated;
    const names = Object.keys(files);
    const cli = scanProject(names.map((path) => ({ fileName: `${root}/${path}`, text: files[path] ?? '' })));
    for (const path of ['mod/tests/basic.tftest.hcl', 'mod/terraform.tfvars']) {
      const text = files[path] ?? '';
      const expected = rows(cli[names.indexOf(path)] ?? []);
      assert.ok(expected.length > 0, path);
      for (const projects of [host.projects, server]) {
        const project = projects.factsOf(FOLDER, [openFile(path, text)]);
        assert.ok(project, path);
        assert.deepEqual(rows(scanFile(text, { fileName: `${root}/${path}`, project }).matches), expected, path);
      }
    }
  });
});
