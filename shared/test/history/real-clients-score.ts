// Scores the matcher on the real-client corpus (test/fixtures/history-real): public client code of the
// platform API (go-tfe, terrasnek, the Terraform provider, CI scripts), labelled from the code by
// test/fixtures/history-real/label.mjs. A third of the files (by a hash of the path) is held aside.
// Per language and per construct kind: recall of the expected uses, and wrong annotations (a subject
// the line is labelled must-not, or another than the line's expected ones) as a share of the reports
// on labelled lines. Reports on lines with no label are counted apart ("unlabelled").
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { scanText } from '@keyfob/shared/history';
import type { Match } from '@keyfob/shared/history';

const CORPUS = new URL('../../../test/fixtures/history-real/', import.meta.url);
export type Part = 'working' | 'held-aside' | 'all';

/** The held-aside third: the first byte of the SHA-1 of the fixture path, modulo 3, is 0. */
const isHeldAside = (file: string): boolean => createHash('sha1').update(file).digest()[0]! % 3 === 0;

interface Label {
  readonly line: number;
  readonly label: 'expect' | 'never';
  readonly subject: string;
  readonly construct: string;
}

interface Tally {
  expected: number;
  found: number;
  reported: number;
  wrong: number;
  unlabelled: number;
}
export interface Score {
  readonly files: number;
  readonly byLanguage: Map<string, Tally>;
  readonly byConstruct: Map<string, Tally>;
  readonly total: Tally;
  readonly misses: string[];
  readonly wrong: string[];
  readonly unlabelled: string[];
}

const LANGUAGE: Record<string, string> = { go: 'go', py: 'python', sh: 'shell' };
const languageOf = (file: string): string => {
  if (file.startsWith('terraform-provider-tfe/')) return 'go (via SDK)';
  return LANGUAGE[file.slice(file.lastIndexOf('.') + 1)] ?? 'other';
};

export function readLabels(corpus: URL = CORPUS): Map<string, Label[]> {
  const byFile = new Map<string, Label[]>();
  const rows = readFileSync(new URL('labels.tsv', corpus), 'utf8').split('\n').slice(1);
  for (const row of rows) {
    if (row === '') continue;
    const [file = '', line = '', label = '', subject = '', construct = ''] = row.split('\t');
    if (label !== 'expect' && label !== 'never') throw new Error(`labels.tsv: bad label "${label}" in "${row}"`);
    byFile.set(file, [...(byFile.get(file) ?? []), { line: Number(line), label, subject, construct }]);
  }
  return byFile;
}

/** Every fixture file of the corpus (SOURCES.tsv), with its labels (possibly none). */
export function corpusFiles(part: Part): string[] {
  const rows = readFileSync(new URL('SOURCES.tsv', CORPUS), 'utf8').split('\n').slice(1);
  return rows
    .map((r) => r.split('\t')[0] ?? '')
    .filter((f) => f !== '')
    .filter((f) => part === 'all' || isHeldAside(f) === (part === 'held-aside'));
}

const empty = (): Tally => ({ expected: 0, found: 0, reported: 0, wrong: 0, unlabelled: 0 });
function bump(map: Map<string, Tally>, key: string, field: keyof Tally, n = 1): void {
  const t = map.get(key) ?? empty();
  t[field] += n;
  map.set(key, t);
}

/** Subject ids a labelled `never` row rules out for one match. */
const ruledOut = (never: Label, m: Match): boolean =>
  never.subject === '* *' ||
  never.subject === m.subject.id ||
  (never.subject === 'endpoint *' && m.subject.type === 'endpoint');

/**
 * A JSON:API `type` string reported as its resource ("resource - workspaces" on `"type": "workspaces"`) is
 * not labelled by the sets' convention (their READMEs: type strings are neither expected nor must-not unless
 * a row names them). On a line whose labels are about something else (the payload's attributes) such a
 * report can be neither right nor wrong by the labels: it is counted with the unlabelled reports, as it is
 * on a line with no label. A row naming that resource, or ruling everything out (`* *`), still judges it.
 */
const unjudgedTypeString = (here: readonly Label[], m: Match): boolean =>
  m.subject.type === 'resource' &&
  m.text.replace(/^["'`]|["'`]$/g, '') === m.subject.name &&
  !here.some((l) => l.subject === m.subject.id || (l.label === 'never' && ruledOut(l, m)));

/** How many lines apart a call's line and its argument's may be and still be one use (`oneCall`). */
const CALL_LINES = 3;

/**
 * The line rule of the labelled sets: a use is labelled on the line of the text that is the use (a URL literal's
 * line, an argument's, a method name's). A call written over several lines (`requests.patch(` then
 * `callback_url, headers=…` on the next) has had its endpoint labelled on either: on the URL argument's line
 * (held4, held5, held7) and on the call's line (held4 run_task.py, held10 main.py). Both are the one use: an
 * expected endpoint is found by a report of it on its own line, or else on another line of the same call, when
 * the earlier of the two lines opens a parenthesis still open at the start of the later one, at most
 * CALL_LINES lines on, and the report's line carries no label of its own (brackets inside strings are
 * counted too: a scorer's reading, not the matcher's). Such a report is judged on the label's line.
 */
function callSpans(text: string): (a: number, b: number) => boolean {
  let starts: number[] | undefined;
  return (a, b) => {
    if (a === b || b - a > CALL_LINES) return false;
    starts ??= [0, ...[...text.matchAll(/\n/g)].map((m) => (m.index ?? 0) + 1)];
    const from = starts[a - 1];
    const to = starts[b - 1];
    if (from === undefined || to === undefined) return false;
    const lineEnd = starts[a] ?? text.length;
    let depth = 0;
    for (let i = from; i < to; i++) {
      const c = text.charCodeAt(i);
      if (c === 40) depth++;
      else if (c === 41 && --depth <= 0 && i >= lineEnd - 1) return false;
      else if (c === 41 && depth <= 0) depth = 0;
    }
    return depth > 0;
  };
}

export function scoreCorpus(
  part: Part,
  scan: (text: string, file: string) => readonly Match[] = (t, f) => scanText(t, { fileName: f }),
): Score {
  return scoreFiles(corpusFiles(part), readLabels(), (file) => readFileSync(new URL(file, CORPUS), 'utf8'), scan);
}

/** Scores the matcher on labelled files: `read` gives a file's text, `language` its language column. */
export function scoreFiles(
  files: readonly string[],
  labels: Map<string, Label[]>,
  read: (file: string) => string,
  scan: (text: string, file: string) => readonly Match[] = (t, f) => scanText(t, { fileName: f }),
  language: (file: string) => string = languageOf,
): Score {
  const byLanguage = new Map<string, Tally>();
  const byConstruct = new Map<string, Tally>();
  const total = empty();
  const misses: string[] = [];
  const wrong: string[] = [];
  const unlabelled: string[] = [];
  for (const file of files) {
    const lang = language(file);
    const mine = labels.get(file) ?? [];
    const text = read(file);
    const matches = scan(text, file);
    const onLine = new Map<number, Label[]>();
    for (const l of mine) onLine.set(l.line, [...(onLine.get(l.line) ?? []), l]);
    const used = new Set<Match>();
    // A report found by a label on another line of its call (`oneCall`) is judged on the label's line.
    const judgedOn = new Map<Match, number>();
    const calls = callSpans(text);
    for (const l of mine) {
      if (l.label !== 'expect') continue;
      const hit =
        matches.find((m) => !used.has(m) && m.line === l.line && m.subject.id === l.subject) ??
        matches.find(
          (m) =>
            !used.has(m) &&
            m.subject.id === l.subject &&
            m.subject.type === 'endpoint' &&
            !mine.some((o) => o.line === m.line) &&
            calls(Math.min(m.line, l.line), Math.max(m.line, l.line)),
        );
      if (hit && hit.line !== l.line) judgedOn.set(hit, l.line);
      for (const [map, key] of [
        [byLanguage, lang],
        [byConstruct, l.construct],
      ] as const)
        bump(map, key, 'expected');
      total.expected++;
      if (hit) {
        used.add(hit);
        for (const [map, key] of [
          [byLanguage, lang],
          [byConstruct, l.construct],
        ] as const)
          bump(map, key, 'found');
        total.found++;
      } else misses.push(`${file}:${l.line} ${l.subject} (${l.construct})`);
    }
    for (const m of matches) {
      const here = onLine.get(judgedOn.get(m) ?? m.line) ?? [];
      if (here.length === 0 || unjudgedTypeString(here, m)) {
        total.unlabelled++;
        bump(byLanguage, lang, 'unlabelled');
        unlabelled.push(`${file}:${m.line}:${m.column} "${m.text}" → ${m.subject.id}`);
        continue;
      }
      const construct = (here.find((l) => l.label === 'never' && ruledOut(l, m)) ?? here[0]!).construct;
      for (const [map, key] of [
        [byLanguage, lang],
        [byConstruct, construct],
      ] as const)
        bump(map, key, 'reported');
      total.reported++;
      if (used.has(m)) continue;
      const expectedHere = here.some((l) => l.label === 'expect' && l.subject === m.subject.id);
      if (expectedHere) continue; // a second report of an expected subject on its line: not wrong
      for (const [map, key] of [
        [byLanguage, lang],
        [byConstruct, construct],
      ] as const)
        bump(map, key, 'wrong');
      total.wrong++;
      const why = here.find((l) => l.label === 'never' && ruledOut(l, m)) ? 'must-not' : 'not the expected subject';
      wrong.push(`${file}:${m.line}:${m.column} "${m.text}" → ${m.subject.id} (${why}, ${construct})`);
    }
  }
  return { files: files.length, byLanguage, byConstruct, total, misses, wrong, unlabelled };
}

const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);
export function scoreTable(score: Score): string[] {
  const row = (name: string, t: Tally): string =>
    `${name.padEnd(16)} ${String(t.expected).padStart(8)} ${String(t.found).padStart(6)} ${pct(t.found, t.expected).padStart(7)} ${String(t.reported).padStart(9)} ${String(t.wrong).padStart(6)} ${pct(t.wrong, t.reported).padStart(7)} ${String(t.unlabelled).padStart(11)}`;
  const head = `${''.padEnd(16)} expected  found  recall  reported  wrong  wrong%  unlabelled`;
  return [
    `${score.files} files`,
    `by language${head.slice(11)}`,
    ...[...score.byLanguage].sort().map(([k, t]) => row(k, t)),
    `by construct${head.slice(12)}`,
    ...[...score.byConstruct].sort().map(([k, t]) => row(k, t)),
    row('all', score.total),
  ];
}
