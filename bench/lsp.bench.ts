// Benchmark (issues 13 and 29): an edit in a 1,000-document role file answered with diagnostics, over
// stdio, by `keyfob lsp --stdio` (the built CLI) and by yaml-language-server as shipped (its npm
// package, default settings plus the one association that makes it validate the file with our role
// schema). Two kinds of client: one that sends the changed range (VS Code, Neovim) and one that sends
// the whole text on every change (allowed by the protocol; several simpler clients do). Two folder
// shapes: the role file alone, and the role file in a folder as in a real repository, with the
// repository's own examples/access (ACL policies, JWT roles) and examples/workflows (also as
// .github/workflows, where the trust checks read them) beside it.
// Both servers run in the same process tree and take turns edit by edit (interleaved rounds), so
// load from other processes falls on both alike. The time is from sending textDocument/didChange
// to the textDocument/publishDiagnostics that reflects the edit, each server's debounce included.
// Targets (the real-folder shape, both kinds): keyfob's median within 65 ms and at least 5x faster
// than yaml-language-server. The CPU time each server process spent per edit is printed too: on a
// busy machine it says what the wall clock cannot (how much of the latency is the server's own work).
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { REPO_ROOT } from '../test/helpers/engine.ts';
import { fileUri, startLsp } from '../test/helpers/lsp-client.ts';
import { ms, printTable } from './lib/measure.ts';
import { cpuMs, edit, EDITED_DOCUMENT, makeFolder, open, text, type ClientKind, type Shape } from './lib/lsp-edits.ts';

const require = createRequire(import.meta.url);
const ROUNDS = Number(process.env.KEYFOB_BENCH_ROUNDS ?? 30);
const WARMUP = 5;

const bundle = join(REPO_ROOT, 'cli', 'dist', 'keyfob.cjs');
if (!existsSync(bundle)) throw new Error('cli/dist/keyfob.cjs is missing: run npm run build first');
const ylsEntry = join(require.resolve('yaml-language-server/package.json'), '..', 'bin', 'yaml-language-server');
const ylsVersion = (require('yaml-language-server/package.json') as { version: string }).version;

function summary(times: readonly number[]): { median: number; p95: number; min: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const pick = (q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { median: pick(0.5), p95: pick(0.95), min: sorted[0] ?? 0 };
}

interface Row {
  readonly shape: Shape;
  readonly kind: ClientKind;
  readonly label: string;
  readonly times: number[];
  cpu: number;
  readonly initial: number;
}

async function measureShape(shape: Shape): Promise<Row[]> {
  const dir = makeFolder(shape);
  const schema = fileUri(join(REPO_ROOT, 'schemas', 'role.schema.json'));
  const keyfob = await startLsp({ command: [bundle, 'lsp', '--stdio'], rootUri: fileUri(dir) });
  const yls = await startLsp({
    command: [ylsEntry, '--stdio'],
    rootUri: fileUri(dir),
    sections: { yaml: { schemas: { [schema]: '*.role.yaml' } } },
  });
  const uri = fileUri(join(dir, 'many.role.yaml'));
  const rows: Row[] = [];
  try {
    const servers = [
      await open('keyfob lsp --stdio', keyfob, uri),
      await open(`yaml-language-server ${ylsVersion} + role schema`, yls, uri),
    ];
    for (const kind of ['ranged', 'whole text'] as const) {
      const own = servers.map((s) => ({ s, times: [] as number[], cpu: 0 }));
      for (let round = 0; round < WARMUP + ROUNDS; round++) {
        if (round === WARMUP) for (const o of own) o.cpu = cpuMs(o.s.session.process.pid);
        for (const o of own) {
          const took = await edit(o.s, round, kind);
          if (round >= WARMUP) o.times.push(took);
        }
      }
      for (const o of own)
        rows.push({
          shape,
          kind,
          label: o.s.label,
          times: o.times,
          cpu: (cpuMs(o.s.session.process.pid) - o.cpu) / ROUNDS,
          initial: o.s.initial,
        });
    }
  } finally {
    await Promise.all([keyfob.stop(), yls.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

const rows = [...(await measureShape('role file alone')), ...(await measureShape('real folder'))];
console.log(
  `file: 1000 documents, ${text.split('\n').length} lines; edit: one character of document ${EDITED_DOCUMENT} (a typo in credential_type, then its fix), ${ROUNDS} rounds interleaved after ${WARMUP} warm-up, per folder shape and client kind`,
);
printTable([
  ['folder', 'client', 'server', 'median', 'p95', 'min', 'server CPU per edit', 'diagnostics (file as generated)'],
  ...rows.map((r) => {
    const t = summary(r.times);
    return [r.shape, r.kind, r.label, ms(t.median), ms(t.p95), ms(t.min), `${r.cpu.toFixed(1)} ms`, String(r.initial)];
  }),
]);
for (const shape of ['role file alone', 'real folder'] as const)
  for (const kind of ['ranged', 'whole text'] as const) {
    const [ours, theirs] = rows.filter((r) => r.shape === shape && r.kind === kind).map((r) => summary(r.times));
    if (!ours || !theirs) continue;
    const ratio = theirs.median / ours.median;
    const met = ours.median <= 65 && ratio >= 5;
    console.log(
      `${shape}, ${kind}: keyfob median ${ours.median.toFixed(1)} ms (target <= 65 ms), p95 ${ours.p95.toFixed(1)} ms; ${ratio.toFixed(1)}x yaml-language-server's median (target >= 5x): ${met ? 'MET' : 'NOT MET'}`,
    );
  }
