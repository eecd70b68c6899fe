// Thousands of random mutations of the example files: the linter never throws, and every problem
// has a range inside the text whose line/column match its offsets. Seeded, so failures replay.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { lintText } from '@keyfob/shared/lint';
import { LineIndex } from '../../src/text/line-index.ts';

const ITERATIONS = 2000;
const dir = new URL('../../../examples/roles/', import.meta.url);
const seeds = readdirSync(dir).map((file) => ({ file, text: readFileSync(new URL(file, dir), 'utf8') }));
const PIECES = [':', ': ', '-', '- ', ' ', '  ', '\n', '"', "'", '[', ']', '{', '}', ',', '#', '---\n', '&a ', '*a', '!!str ', '\t',
  'credential_type', 'role_arns', 'iam_user', '1d', '0s', '-1', 'null', '~', '\\u00e9', 'é', '😀', '\r\n', '=', 'arn:aws:iam::1:role/x'];

/** mulberry32: a small deterministic generator. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mutate(text: string, next: () => number): string {
  const at = Math.floor(next() * (text.length + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  switch (Math.floor(next() * 5)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1 + Math.floor(next() * 8));
    case 1:
      return text.slice(0, at) + pick(PIECES) + text.slice(at);
    case 2: {
      const lines = text.split('\n');
      const i = Math.floor(next() * lines.length);
      lines.splice(i, 0, lines[Math.floor(next() * lines.length)] ?? '');
      return lines.join('\n');
    }
    case 3: {
      const lines = text.split('\n');
      lines.splice(Math.floor(next() * lines.length), 1);
      return lines.join('\n');
    }
    default:
      return text.slice(0, at) + pick(PIECES) + text.slice(at + Math.floor(next() * 4));
  }
}

test(`${ITERATIONS} mutated files never crash the linter and every range is inside the file`, () => {
  const next = random(20240601);
  let problems = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    const seed = seeds[i % seeds.length];
    assert.ok(seed);
    let text = seed.text;
    const rounds = 1 + Math.floor(next() * 4);
    for (let r = 0; r < rounds; r++) text = mutate(text, next);
    const result = lintText(text, { fileName: seed.file });
    const lines = new LineIndex(text);
    for (const problem of result.problems) {
      const range = problem.range;
      assert.ok(range, `no range: ${problem.code} (case ${i})`);
      assert.ok(range.start >= 0 && range.start <= range.end && range.end <= text.length, `range outside: ${problem.code} (case ${i})`);
      const start = lines.position(range.start);
      assert.deepEqual([range.startLine, range.startColumn], [start.line, start.column], `line/column (case ${i})`);
      assert.ok(problem.document !== undefined && problem.document < result.file.documents.length);
      problems++;
    }
  }
  assert.ok(problems > ITERATIONS / 2, `mutations should produce problems (got ${problems})`);
});
