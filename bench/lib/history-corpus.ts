// What the history benches share: the plain regex they are measured beside, the real client corpus, and CPU timing.
import { existsSync, readFileSync } from 'node:fs';
import { history } from '@keyfob/shared/history';

/** One alternation of every literal name and alias, bounded like identifiers: what a plain scan does. */
export function plainPattern(quotedOnly: boolean): RegExp {
  const names = new Set<string>();
  for (const subject of history.subjects) {
    if (subject.type === 'endpoint') continue;
    for (const name of [subject.name, ...subject.aliases]) if (!name.includes(' ')) names.add(name);
  }
  const alternation = [...names]
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
