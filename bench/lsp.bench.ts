// Benchmark (issue 13): an edit in a 1,000-document role file answered with diagnostics, over stdio,
// by `keyfob lsp --stdio` (the built CLI) and by yaml-language-server as shipped (its npm package,
// default settings plus the one association that makes it validate the file with our role schema).
// Both servers run in the same process tree and take turns edit by edit (interleaved rounds), so
// load from other processes falls on both alike. The time is from sending textDocument/didChange
// to the textDocument/publishDiagnostics that reflects the edit, each server's debounce included.
// Targets: keyfob's median within 65 ms and at least 5x faster than yaml-language-server. The CPU
// time each server process spent per edit is printed too: on a busy machine it says what the wall
// clock cannot (how much of the latency is the server's own work).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { REPO_ROOT } from '../test/helpers/engine.ts';
import { fileUri, startLsp } from '../test/helpers/lsp-client.ts';
import type { LspSession } from '../test/helpers/lsp-client.ts';
import { ms, printTable } from './lib/measure.ts';
import { makeRoleFile } from './lib/role-file.ts';

const require = createRequire(import.meta.url);
const ROUNDS = 40;
const WARMUP = 5;
const EDITED_DOCUMENT = 500;

const bundle = join(REPO_ROOT, 'cli', 'dist', 'keyfob.cjs');
if (!existsSync(bundle)) throw new Error('cli/dist/keyfob.cjs is missing: run npm run build first');
const ylsEntry = join(require.resolve('yaml-language-server/package.json'), '..', 'bin', 'yaml-language-server');
const ylsVersion = (require('yaml-language-server/package.json') as { version: string }).version;

const text = makeRoleFile(1000);
const marker = `name: deploy-${EDITED_DOCUMENT}\ncredential_type: iam_user\n`;
const at = text.indexOf(marker);
if (at < 0) throw new Error(`document ${EDITED_DOCUMENT} is not where the bench expects it`);
/** The line of document 500's `credential_type: iam_user`; the edit toggles `iam_user` / `iam_usr` there. */
const line = text.slice(0, at).split('\n').length;
const column = 'credential_type: iam_us'.length;
const typo = { range: { start: { line, character: column }, end: { line, character: column + 1 } }, text: '' };
const fix = { range: { start: { line, character: column }, end: { line, character: column } }, text: 'e' };
const flagged = (diagnostics: Diagnostic[]): boolean => diagnostics.some((d) => d.range.start.line === line);

interface Server {
  readonly label: string;
  readonly session: LspSession;
  readonly uri: string;
  version: number;
  readonly times: number[];
  initial: number;
}

async function open(label: string, session: LspSession, uri: string): Promise<Server> {
  session.open(uri, 'yaml', text);
  // yaml-language-server publishes an empty set before its settings (and the schema) arrive.
  const first = await session.diagnosticsWhere(uri, (d) => d.length > 0, 60_000);
  return { label, session, uri, version: 1, times: [], initial: first.diagnostics.length };
}

/** One edit (alternately the typo and its fix) and the time until the publish that reflects it. */
async function edit(server: Server, round: number): Promise<number> {
  const broken = round % 2 === 0;
  server.version += 1;
  const started = performance.now();
  void server.session.connection.sendNotification('textDocument/didChange', {
    textDocument: { uri: server.uri, version: server.version },
    contentChanges: [broken ? typo : fix],
  });
  const published = await server.session.diagnosticsWhere(server.uri, (d) => flagged(d) === broken, 30_000);
  return published.at - started;
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux; 10 ms ticks). */
function cpuMs(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function summary(times: readonly number[]): { median: number; p95: number; min: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const pick = (q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { median: pick(0.5), p95: pick(0.95), min: sorted[0] ?? 0 };
}

const schema = fileUri(join(REPO_ROOT, 'schemas', 'role.schema.json'));
const dir = '/tmp/keyfob-lsp-bench';
const keyfob = await startLsp({ command: [bundle, 'lsp', '--stdio'], rootUri: fileUri(dir) });
const yls = await startLsp({
  command: [ylsEntry, '--stdio'],
  rootUri: fileUri(dir),
  sections: { yaml: { schemas: { [schema]: '*.role.yaml' } } },
});
try {
  const servers = [
    await open('keyfob lsp --stdio', keyfob, fileUri(`${dir}/keyfob/many.role.yaml`)),
    await open(`yaml-language-server ${ylsVersion} + role schema`, yls, fileUri(`${dir}/yls/many.role.yaml`)),
  ];
  const cpu = new Map<Server, number>();
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    if (round === WARMUP) for (const server of servers) cpu.set(server, cpuMs(server.session.process.pid));
    for (const server of servers) {
      const took = await edit(server, round);
      if (round >= WARMUP) server.times.push(took);
    }
  }
  for (const server of servers) cpu.set(server, (cpuMs(server.session.process.pid) - (cpu.get(server) ?? 0)) / ROUNDS);
  console.log(
    `file: 1000 documents, ${text.split('\n').length} lines; edit: one character of document ${EDITED_DOCUMENT} (a typo in credential_type, then its fix), ${ROUNDS} rounds interleaved after ${WARMUP} warm-up`,
  );
  const rows = servers.map((s) => ({ s, t: summary(s.times) }));
  printTable([
    ['server', 'median', 'p95', 'min', 'server CPU per edit', 'diagnostics (file as generated)'],
    ...rows.map(({ s, t }) => [
      s.label,
      ms(t.median),
      ms(t.p95),
      ms(t.min),
      `${(cpu.get(s) ?? 0).toFixed(1)} ms`,
      String(s.initial),
    ]),
  ]);
  const ours = rows[0]?.t;
  const theirs = rows[1]?.t;
  if (ours && theirs) {
    const ratio = theirs.median / ours.median;
    console.log(
      `keyfob median ${ours.median.toFixed(1)} ms (target <= 65 ms) ${ours.median <= 65 ? 'MET' : 'NOT MET'}; p95 ${ours.p95.toFixed(1)} ms`,
    );
    console.log(
      `speed-up over yaml-language-server: ${ratio.toFixed(1)}x median, ${(theirs.p95 / ours.p95).toFixed(1)}x p95 (target >= 5x) ${ratio >= 5 ? 'MET' : 'NOT MET'}`,
    );
  }
} finally {
  await Promise.all([keyfob.stop(), yls.stop()]);
}
