// The language-server benchmarks' edit: document 500 of the 1,000-document role file, a typo in
// its credential_type and then its fix, sent as a ranged change (VS Code, Neovim) or as the whole
// text, timed from textDocument/didChange to the publishDiagnostics that reflects it. Used by
// lsp.bench.ts (keyfob beside yaml-language-server) and baseline.bench.ts (keyfob beside a
// baseline checkout's keyfob).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { REPO_ROOT } from '../../test/helpers/engine.ts';
import type { LspSession } from '../../test/helpers/lsp-client.ts';
import { makeRoleFile } from './role-file.ts';

export const EDITED_DOCUMENT = 500;
export const text = makeRoleFile(1000);
const marker = `name: deploy-${EDITED_DOCUMENT}\ncredential_type: iam_user\n`;
const at = text.indexOf(marker);
if (at < 0) throw new Error(`document ${EDITED_DOCUMENT} is not where the bench expects it`);
/** The line of document 500's `credential_type: iam_user`; the edit toggles `iam_user` / `iam_usr` there. */
const line = text.slice(0, at).split('\n').length;
const column = 'credential_type: iam_us'.length;
const typoOffset = at + marker.indexOf('iam_user') + 'iam_us'.length;
const brokenText = `${text.slice(0, typoOffset)}${text.slice(typoOffset + 1)}`;
const typo = { range: { start: { line, character: column }, end: { line, character: column + 1 } }, text: '' };
const fix = { range: { start: { line, character: column }, end: { line, character: column } }, text: 'e' };
const flagged = (diagnostics: Diagnostic[]): boolean => diagnostics.some((d) => d.range.start.line === line);

export type ClientKind = 'ranged' | 'whole text';
export type Shape = 'role file alone' | 'real folder';

export interface Server {
  readonly label: string;
  readonly session: LspSession;
  readonly uri: string;
  version: number;
  initial: number;
}

/** Opens the role file and waits for its first non-empty diagnostics. */
export async function open(label: string, session: LspSession, uri: string): Promise<Server> {
  session.open(uri, 'yaml', text);
  // yaml-language-server publishes an empty set before its settings (and the schema) arrive.
  const first = await session.diagnosticsWhere(uri, (d) => d.length > 0, 120_000);
  return { label, session, uri, version: 1, initial: first.diagnostics.length };
}

/** One edit (alternately the typo and its fix) and the time until the publish that reflects it. */
export async function edit(server: Server, round: number, kind: ClientKind): Promise<number> {
  const broken = round % 2 === 0;
  server.version += 1;
  const change = kind === 'ranged' ? (broken ? typo : fix) : { text: broken ? brokenText : text };
  const started = performance.now();
  void server.session.connection.sendNotification('textDocument/didChange', {
    textDocument: { uri: server.uri, version: server.version },
    contentChanges: [change],
  });
  const published = await server.session.diagnosticsWhere(server.uri, (d) => flagged(d) === broken, 30_000);
  return published.at - started;
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux; 10 ms ticks). */
export function cpuMs(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A folder of the given shape holding the role file (saved as generated; the client edits the open copy). */
export function makeFolder(shape: Shape): string {
  const dir = mkdtempSync(join(tmpdir(), 'keyfob-lsp-bench-'));
  writeFileSync(join(dir, 'many.role.yaml'), text);
  if (shape === 'real folder') {
    for (const part of ['access', 'workflows'])
      cpSync(join(REPO_ROOT, 'examples', part), join(dir, 'examples', part), { recursive: true });
    mkdirSync(join(dir, '.github'), { recursive: true });
    cpSync(join(REPO_ROOT, 'examples', 'workflows'), join(dir, '.github', 'workflows'), { recursive: true });
  }
  return dir;
}
