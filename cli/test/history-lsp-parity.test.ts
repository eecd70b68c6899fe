// The editor finds what the CLI finds: for every file of each history corpus, the language server
// (`keyfob lsp --stdio`, a real process rooted at the corpus folder, that file the only one open)
// shows the same API-history annotations (its inlay hints with `apiHistory.annotations: all`: one
// "subject: note" per use) as `keyfob history scan <folder>` (a real process) reports for that file.
// The server reads the folder's other files itself, as the CLI does, so what one file tells another
// (request models sent elsewhere, HTTP helpers) counts in both. The committed corpora run everywhere;
// the real clients' code restored from the repositories' snapshots runs where it is present: the
// real-client corpus, and each seen labelled set (history-new, history-held to -held31), written to a
// temporary folder as one project.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import type { InlayHint } from 'vscode-languageserver-protocol';
import { languageOfFile, PROJECT_FILE_RULES } from '@keyfob/shared/history';
import { REPO_ROOT } from '../../test/helpers/engine.ts';
import { absentRepositories, MIRROR, readSources, restoreSources } from '../../test/helpers/labelled-sources.ts';
import { fileUri, startLsp } from '../../test/helpers/lsp-client.ts';
import { runKeyfob } from './run-keyfob.ts';

interface CliAnnotation {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly subject: { readonly name: string };
}

const RESTORED =
  "the real-client corpus's files are not restored (node test/fixtures/history-real/restore.mjs, from the repositories' snapshots)";

/** The corpora: folder (from the repository root) and whether its files are committed. */
const CORPORA: readonly { folder: string; committed: boolean }[] = [
  { folder: 'test/fixtures/history/project', committed: true },
  { folder: 'test/fixtures/history/terraform-module', committed: true },
  { folder: 'test/fixtures/history/matcher', committed: true },
  { folder: 'test/fixtures/history/recall', committed: true },
  { folder: 'test/fixtures/history-real/ci-scripts', committed: false },
  { folder: 'test/fixtures/history-real/terrasnek', committed: false },
  { folder: 'test/fixtures/history-real/terraform-provider-tfe', committed: false },
  { folder: 'test/fixtures/history-real/go-tfe', committed: false },
];

/**
 * The labelled sets already measured (their code from the snapshots). A set held aside and not yet
 * measured is not here: nothing of keyfob's runs on it before the lead's one measurement.
 */
const LABELLED_SETS = [
  'new',
  'held',
  ...Array.from({ length: 59 }, (_, n) => `held${n + 2}`), // held2 to held60
];

/** Lines the server is asked for at once (below the inlay hints' cap of 200 annotated lines). */
const HINT_LINES = 150;

describe('history: the language server annotates each file as keyfob history scan <folder> does', () => {
  for (const { folder, committed } of CORPORA) {
    const root = join(REPO_ROOT, folder);
    const present = existsSync(root);
    it(folder, { skip: present ? false : committed ? `${folder} is missing` : RESTORED }, (t) =>
      sameAnnotations(t, folder, root),
    );
  }
  for (const name of LABELLED_SETS) {
    const folder = `test/fixtures/history-${name}`;
    const sources = readSources(pathToFileURL(`${join(REPO_ROOT, folder)}/`));
    const absent = absentRepositories(sources);
    const skip = absent.length === 0 ? false : `${absent.length} repository snapshots are not under ${MIRROR}`;
    it(`${folder} (${sources.length} files from the snapshots, one folder)`, { skip }, async (t) => {
      const root = mkdtempSync(join(tmpdir(), `keyfob-parity-${name}-`));
      try {
        restoreSources(sources, root);
        await sameAnnotations(t, folder, root);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
  }
});

/** Every file of `root`: the server's annotations (that file open alone) equal the CLI's for the folder. */
async function sameAnnotations(t: { diagnostic(message: string): void }, folder: string, root: string): Promise<void> {
  const cli = await cliAnnotations(root);
  const files = [...new Set([...walk(root), ...cli.keys()])].sort();
  const server = await startLsp({
    rootUri: fileUri(root),
    settings: { apiHistory: { annotations: 'all', style: 'inlayHint' } },
  });
  const differing: string[] = [];
  let equal = 0;
  let uses = 0;
  try {
    for (const [k, path] of files.entries()) {
      const uri = fileUri(join(root, path));
      const text = readFileSync(join(root, path), 'utf8');
      server.open(uri, languageOfFile(path) ?? 'plaintext', text);
      await server.diagnostics(uri, 1);
      // The first file is checked at once with what is known (itself); the folder is read after it.
      if (k === 0) await server.logged((m) => m.includes("API history's project facts"));
      const lsp = await lspAnnotations(server.connection, uri, text);
      const expected = (cli.get(path) ?? []).sort();
      uses += expected.length;
      if (JSON.stringify(lsp) === JSON.stringify(expected)) equal++;
      else differing.push(`${path}: cli ${JSON.stringify(expected)}\n  lsp ${JSON.stringify(lsp)}`);
      void server.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    }
  } finally {
    await server.stop();
  }
  t.diagnostic(`${folder}: ${equal} of ${files.length} files the same, ${uses} uses by the CLI`);
  assert.deepEqual(differing, []);
  assert.ok(uses > 0, `${folder}: the CLI found no use at all`);
}

/** `keyfob history scan <folder> --format json`: each file's "line subject: note", by path in the folder. */
async function cliAnnotations(root: string): Promise<Map<string, string[]>> {
  const run = await runKeyfob(['history', 'scan', root, '--format', 'json']);
  assert.ok(run.status === 0 || run.status === 1, run.stderr);
  const out = new Map<string, string[]>();
  for (const a of (JSON.parse(run.stdout) as { annotations: CliAnnotation[] }).annotations) {
    const path = relative(root, a.file).split('\\').join('/');
    out.set(path, [...(out.get(path) ?? []), `${a.line} ${a.subject.name}: ${a.text}`]);
  }
  return out;
}

/** The server's inlay hints over the whole document, as "line subject: note" (one per use, from the tooltip). */
async function lspAnnotations(
  connection: Awaited<ReturnType<typeof startLsp>>['connection'],
  uri: string,
  text: string,
): Promise<string[]> {
  const lines = text.split('\n').length;
  const out: string[] = [];
  for (let start = 0; start < lines; start += HINT_LINES) {
    const hints = await connection.sendRequest<InlayHint[] | null>('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: start, character: 0 }, end: { line: start + HINT_LINES - 1, character: 0 } },
    });
    for (const hint of hints ?? []) {
      if (hint.position.line < start || hint.position.line >= start + HINT_LINES) continue;
      const tooltip = typeof hint.tooltip === 'string' ? hint.tooltip : (hint.tooltip?.value ?? '');
      for (const item of tooltip.split('\n')) out.push(`${hint.position.line + 1} ${item}`);
    }
  }
  return out.sort();
}

/** The folder's files (as the CLI walks it: node_modules, .git and dist skipped), relative, `/`-separated. */
function walk(root: string, dir = ''): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory())
      return (PROJECT_FILE_RULES.skippedFolders as readonly string[]).includes(entry.name) ? [] : walk(root, path);
    return entry.isFile() ? [path] : [];
  });
}
