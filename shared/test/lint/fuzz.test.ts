// Thousands of random mutations of the example files: the linter never throws, and every problem
// has a range inside the text whose line/column match its offsets at both ends. Seeded, so failures
// replay. (One suite: it also took over the mutations of the former test/fuzz/lint-fuzz.test.ts.)
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { lintText } from '@keyfob/shared/lint';
import { LineIndex } from '@keyfob/shared/text';
import { pick, seededRandom, type Random } from '../../../test/helpers/seeded-random.ts';

const ITERATIONS = 2000;
const dir = new URL('../../../examples/roles/', import.meta.url);
const seeds = readdirSync(dir).map((file) => ({ file, text: readFileSync(new URL(file, dir), 'utf8') }));
const PIECES = [
  ':',
  ': ',
  '-',
  '- ',
  ' ',
  '  ',
  '\n',
  '"',
  "'",
  '[',
  ']',
  '{',
  '}',
  ',',
  '#',
  '---\n',
  '&a ',
  '*a',
  '!!str ',
  '\t',
  'credential_type',
  'role_arns',
  'iam_user',
  '1d',
  '0s',
  '-1',
  'null',
  '~',
  '\\u00e9',
  'é',
  '😀',
  '🔑',
  '\r\n',
  '=',
  'arn:aws:iam::1:role/x',
  '|',
  '>',
  '!',
  '/',
  '\\',
  '%',
  '${',
  '{{',
  '}}',
  '0',
  'x',
];

function mutate(text: string, random: Random): string {
  const at = Math.floor(random() * (text.length + 1));
  const lines = text.split('\n');
  const line = () => Math.floor(random() * lines.length);
  switch (Math.floor(random() * 8)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 8));
    case 1:
      return text.slice(0, at) + pick(random, PIECES) + text.slice(at);
    case 2:
      lines.splice(line(), 0, lines[line()] ?? '');
      return lines.join('\n');
    case 3:
      lines.splice(line(), 1);
      return lines.join('\n');
    case 4: {
      const [i, j] = [line(), line()];
      [lines[i], lines[j]] = [lines[j] ?? '', lines[i] ?? ''];
      return lines.join('\n');
    }
    case 5:
      return text.slice(0, at);
    case 6:
      return text.slice(0, at) + text.slice(at).replace(/^(\s*)/, '$1$1');
    default:
      return text.slice(0, at) + pick(random, PIECES) + text.slice(at + Math.floor(random() * 4));
  }
}

test(`${ITERATIONS} mutated files never crash the linter and every range is inside the file`, () => {
  const random = seededRandom(20240601);
  let problems = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    const seed = seeds[i % seeds.length];
    assert.ok(seed);
    let text = seed.text;
    const rounds = 1 + Math.floor(random() * 4);
    for (let r = 0; r < rounds; r++) text = mutate(text, random);
    let result;
    try {
      result = lintText(text, { fileName: seed.file });
    } catch (error) {
      assert.fail(`lintText threw on case ${i} (${seed.file}): ${String(error)}\n--- input ---\n${text}`);
    }
    const lines = new LineIndex(text);
    for (const problem of result.problems) {
      const range = problem.range;
      assert.ok(range, `no range: ${problem.code} (case ${i})`);
      assert.ok(
        range.start >= 0 && range.start <= range.end && range.end <= text.length,
        `range outside: ${problem.code} (case ${i})`,
      );
      assert.deepEqual(
        lines.position(range.start),
        { line: range.startLine, column: range.startColumn },
        `start line/column (case ${i})`,
      );
      assert.deepEqual(
        lines.position(range.end),
        { line: range.endLine, column: range.endColumn },
        `end line/column (case ${i})`,
      );
      assert.ok(problem.document !== undefined && problem.document < result.file.documents.length);
      problems++;
    }
  }
  assert.ok(problems > ITERATIONS / 2, `mutations should produce problems (got ${problems})`);
});

/** Nesting a hostile file may carry, `depth` levels deep, in the forms YAML and JSON allow. */
const DEEP_FORMS: readonly ((depth: number) => string)[] = [
  (n) => `${'['.repeat(n)}${']'.repeat(n)}`,
  (n) => `${'['.repeat(n)}`,
  (n) => `${'{"a": '.repeat(n)}1${'}'.repeat(n)}`,
  (n) => `${'- '.repeat(n)}x`,
  // Indentation grows with the depth, so these two hold depth²/2 characters: a few hundred levels.
  (n) => Array.from({ length: 100 + (n % 300) }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n'),
  (n) => Array.from({ length: 100 + (n % 300) }, (_, i) => `${' '.repeat(i)}- `).join('\n'),
];

test('deep nesting spliced into the examples, YAML and JSON, never overflows: DOC_TOO_DEEP at its place', () => {
  const random = seededRandom(20261125);
  let tooDeep = 0;
  for (let i = 0; i < 200; i++) {
    const seed = seeds[i % seeds.length];
    assert.ok(seed);
    const depth = 50 + Math.floor(random() * 3000);
    const piece = pick(random, DEEP_FORMS)(depth);
    const json = i % 3 === 0;
    const fileName = json ? seed.file.replace(/\.ya?ml$/, '.json') : seed.file;
    const at = Math.floor(random() * (seed.text.length + 1));
    const text = json ? `{"a": ${piece}}` : `${seed.text.slice(0, at)}${piece}${seed.text.slice(at)}`;
    let result;
    try {
      result = lintText(text, { fileName });
    } catch (error) {
      assert.fail(`lintText threw on case ${i} (${fileName}, depth ${depth}): ${String(error)}`);
    }
    for (const problem of result.problems) {
      assert.ok(problem.range && problem.range.end <= text.length, `range outside: ${problem.code} (case ${i})`);
      if (problem.code === 'DOC_TOO_DEEP') tooDeep++;
    }
  }
  assert.ok(tooDeep > 60, `most splices nest past the limit where they land (got ${tooDeep})`);
});
