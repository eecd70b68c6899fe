// The matcher's recall corpus (test/fixtures/history/recall): client code in a dozen languages with
// every use of a seed-2 subject marked `expect:` and look-alikes that are no use marked `never:`.
// The real matcher runs over each file; the test prints recall and false positives per language
// and holds the whole corpus to recall >= 95% and false positives <= 1% of the must-not spots.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { history, languageOfFile, scanText } from '@keyfob/shared/history';
import type { Match } from '@keyfob/shared/history';

const corpus = new URL('../../../test/fixtures/history/recall/', import.meta.url);
const MIN = { expected: 300, never: 100, languages: 10, recall: 0.95, falsePositiveRate: 0.01 } as const;

interface Spots {
  /** `line subject-id` → how many times it is expected there. */
  readonly expected: Map<string, number>;
  /** `line word` pairs that must not be annotated. */
  readonly never: { line: number; word: string }[];
}

/** A marker clause in a trailing comment (or a `.spots` line): `expect: a ; b`, `never: w, v`. */
const CLAUSE = /\b(expect|never):\s*(.*?)\s*(?=\b(?:expect|never):|\*\/|$)/g;
const COMMENT = /(?:\/\/|#|\/\*)\s*(?:expect|never):.*$/;

function addClauses(spots: Spots, line: number, text: string, where: string): void {
  for (const [, kind, list] of text.matchAll(CLAUSE)) {
    const items = (list ?? '')
      .split(kind === 'expect' ? ';' : ',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    assert.ok(items.length > 0, `${where}: empty ${kind ?? ''} clause`);
    for (const item of items) {
      if (kind === 'never') {
        spots.never.push({ line, word: item });
        continue;
      }
      assert.ok(history.byId.has(item), `${where}: no subject "${item}" in the history`);
      const key = `${line} ${item}`;
      spots.expected.set(key, (spots.expected.get(key) ?? 0) + 1);
    }
  }
}

function spotsOf(file: string, text: string): Spots {
  const spots: Spots = { expected: new Map(), never: [] };
  if (file.endsWith('.json')) {
    for (const row of readFileSync(new URL(`${file}.spots`, corpus), 'utf8').split('\n')) {
      const m = /^(\d+)\s+(.*)$/.exec(row.trim());
      if (m) addClauses(spots, Number(m[1]), m[2] ?? '', `${file}.spots`);
    }
    return spots;
  }
  text.split('\n').forEach((line, i) => {
    const comment = COMMENT.exec(line);
    if (comment) addClauses(spots, i + 1, comment[0], `${file}:${i + 1}`);
  });
  return spots;
}

interface Score {
  files: number;
  expected: number;
  found: number;
  never: number;
  falsePositives: number;
  misses: string[];
  wrong: string[];
  unlisted: string[];
}

function score(file: string): Score {
  const text = readFileSync(new URL(file, corpus), 'utf8');
  const spots = spotsOf(file, text);
  const matches = scanText(text, { fileName: file });
  const onLine = new Map<string, Match[]>();
  // A match counts for its subject and for the alternatives it names (an ambiguous name such as a
  // timeout both admin settings and admin organizations have).
  const idsOf = (m: Match): string[] => [m.subject.id, ...m.alternatives.map((a) => a.id)];
  for (const m of matches)
    for (const id of idsOf(m)) onLine.set(`${m.line} ${id}`, [...(onLine.get(`${m.line} ${id}`) ?? []), m]);
  const s: Score = {
    files: 1,
    expected: 0,
    found: 0,
    never: spots.never.length,
    falsePositives: 0,
    misses: [],
    wrong: [],
    unlisted: [],
  };
  for (const [key, count] of spots.expected) {
    const got = Math.min(count, onLine.get(key)?.length ?? 0);
    s.expected += count;
    s.found += got;
    if (got < count) s.misses.push(`${file}:${key}`);
  }
  for (const { line, word } of spots.never) {
    const hit = matches.find((m) => m.line === line && m.text === word);
    if (hit) {
      s.falsePositives++;
      s.wrong.push(`${file}:${line} "${word}" taken for ${hit.subject.id}`);
    }
  }
  for (const m of matches) {
    if (idsOf(m).some((id) => spots.expected.has(`${m.line} ${id}`))) continue;
    if (spots.never.some((n) => n.line === m.line && n.word === m.text)) continue;
    s.unlisted.push(`${file}:${m.line}:${m.column} "${m.text}" → ${m.subject.id}`);
  }
  return s;
}

function add(a: Score, b: Score): Score {
  return {
    files: a.files + b.files,
    expected: a.expected + b.expected,
    found: a.found + b.found,
    never: a.never + b.never,
    falsePositives: a.falsePositives + b.falsePositives,
    misses: [...a.misses, ...b.misses],
    wrong: [...a.wrong, ...b.wrong],
    unlisted: [...a.unlisted, ...b.unlisted],
  };
}

const EMPTY: Score = {
  files: 0,
  expected: 0,
  found: 0,
  never: 0,
  falsePositives: 0,
  misses: [],
  wrong: [],
  unlisted: [],
};
const files = readdirSync(corpus)
  .filter((f) => !f.endsWith('.md') && !f.endsWith('.spots'))
  .sort();
const byLanguage = new Map<string, Score>();
for (const file of files) {
  const language = languageOfFile(file) ?? 'unknown';
  byLanguage.set(language, add(byLanguage.get(language) ?? EMPTY, score(file)));
}
const total = [...byLanguage.values()].reduce(add, EMPTY);

const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);
const table = [
  `${'language'.padEnd(12)} files  expected  found  recall   must-not  false+  rate`,
  ...[...byLanguage].map(
    ([lang, s]) =>
      `${lang.padEnd(12)} ${String(s.files).padStart(5)}  ${String(s.expected).padStart(8)}  ${String(s.found).padStart(5)}  ${pct(s.found, s.expected).padStart(6)}   ${String(s.never).padStart(8)}  ${String(s.falsePositives).padStart(6)}  ${pct(s.falsePositives, s.never).padStart(5)}`,
  ),
  `${'all'.padEnd(12)} ${String(total.files).padStart(5)}  ${String(total.expected).padStart(8)}  ${String(total.found).padStart(5)}  ${pct(total.found, total.expected).padStart(6)}   ${String(total.never).padStart(8)}  ${String(total.falsePositives).padStart(6)}  ${pct(total.falsePositives, total.never).padStart(5)}`,
];

describe('matcher recall corpus', () => {
  it('prints recall and false positives per language', (t) => {
    for (const row of table) t.diagnostic(row);
    if (process.env['KEYFOB_RECALL_DETAILS'] === '1')
      for (const m of [...total.misses, ...total.wrong, ...total.unlisted]) t.diagnostic(m);
  });

  it(`is big enough: >= ${MIN.expected} expected and >= ${MIN.never} must-not spots in >= ${MIN.languages} languages`, () => {
    assert.ok(total.expected >= MIN.expected, `${total.expected} expected spots`);
    assert.ok(total.never >= MIN.never, `${total.never} must-not spots`);
    assert.ok(byLanguage.size >= MIN.languages, [...byLanguage.keys()].join(', '));
  });

  it(`finds >= ${MIN.recall * 100}% of the expected spots`, () => {
    assert.ok(
      total.found / total.expected >= MIN.recall,
      `recall ${pct(total.found, total.expected)}; missed:\n${total.misses.join('\n')}`,
    );
  });

  it(`annotates <= ${MIN.falsePositiveRate * 100}% of the must-not spots`, () => {
    assert.ok(
      total.falsePositives <= MIN.falsePositiveRate * total.never,
      `false positives:\n${total.wrong.join('\n')}`,
    );
  });

  it('finds nothing that is not listed (every match is an expected spot or a must-not word)', () => {
    assert.deepEqual(total.unlisted, []);
  });
});
