// What the history benches share: the plain regex they are measured beside, and the real client corpus.
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
  const corpusDir = REAL_CLIENT_DIR;
  return readFileSync(new URL('SOURCES.tsv', corpusDir), 'utf8')
    .split('\n')
    .slice(1)
    .map((row) => row.split('\t')[0] ?? '')
    .filter((f) => f !== '' && existsSync(new URL(f, corpusDir)))
    .map((file) => ({ file, text: readFileSync(new URL(file, corpusDir), 'utf8') }));
}
