// What the history benches share: the plain regex they are measured beside, the real client corpus, the history
// module bundled as users run it, and CPU timing.
import { build } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { history, type HistorySubject } from '@keyfob/shared/history';
import type * as HistoryModule from '@keyfob/shared/history';

/** The subjects a plain scan can name, by each literal name and alias (not the endpoints: it reads no paths). */
export function plainNames(): Map<string, HistorySubject[]> {
  const byName = new Map<string, HistorySubject[]>();
  for (const subject of history.subjects) {
    if (subject.type === 'endpoint') continue;
    for (const name of [subject.name, ...subject.aliases]) byName.set(name, [...(byName.get(name) ?? []), subject]);
  }
  return byName;
}

/** One alternation of every literal name and alias, bounded like identifiers: what a plain scan does. */
export function plainPattern(quotedOnly: boolean): RegExp {
  const names = [...plainNames().keys()].filter((name) => !name.includes(' '));
  const alternation = names
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('|');
  return new RegExp(quotedOnly ? `["'\`](?:${alternation})["'\`]` : `(?<![\\w-])(?:${alternation})(?![\\w-])`, 'g');
}

/** The plain scan: every find of `pattern` in `text`, counted. */
export function plainScan(text: string, pattern: RegExp): number {
  pattern.lastIndex = 0;
  let count = 0;
  while (pattern.exec(text) !== null) count++;
  return count;
}

/** The real client corpus's folder (test/fixtures/history-real). */
export const REAL_CLIENT_DIR = new URL('../../test/fixtures/history-real/', import.meta.url);

/**
 * Every file of test/fixtures/history-real that is restored (go-tfe, terrasnek, the Terraform provider's resources, curl
 * CI scripts), read once. The clients' code is not committed: `node test/fixtures/history-real/restore.mjs` brings it
 * from the snapshots; without it the list is empty.
 */
export function readRealClient(): { file: string; text: string }[] {
  return readFileSync(new URL('SOURCES.tsv', REAL_CLIENT_DIR), 'utf8')
    .split('\n')
    .slice(1)
    .map((row) => row.split('\t')[0] ?? '')
    .filter((f) => f !== '' && existsSync(new URL(f, REAL_CLIENT_DIR)))
    .map((file) => ({ file, text: readFileSync(new URL(file, REAL_CLIENT_DIR), 'utf8') }));
}

/** This process's CPU time so far (user + system), in milliseconds. */
export function cpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** The median, quartiles and range of `values`. */
export function quartiles(values: readonly number[]): {
  q1: number;
  median: number;
  q3: number;
  min: number;
  max: number;
} {
  const v = [...values].sort((a, b) => a - b);
  const at = (f: number): number => v[Math.round((v.length - 1) * f)] ?? 0;
  return { q1: at(0.25), median: at(0.5), q3: at(0.75), min: at(0), max: at(1) };
}

/**
 * The history module as users run it: bundled by esbuild as the CLI's build bundles it (cli/build.mjs: no `keepNames`),
 * not as tsx transforms it for the benches (tsx's esbuild keeps names: each named closure a call makes is named again by
 * `Object.defineProperty`, about 0.35 µs, a cost no shipped bundle has). Built from this worktree's source into `dir`
 * (a fresh temporary folder the caller removes) and imported.
 */
export async function bundledHistory(): Promise<{ module: typeof HistoryModule; file: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'keyfob-history-bench-'));
  const file = join(dir, 'history.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('../../shared/src/history/index.ts', import.meta.url))],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    mainFields: ['module', 'main'],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return { module: (await import(pathToFileURL(file).href)) as typeof HistoryModule, file, dir };
}
