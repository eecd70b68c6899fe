import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { lintText } from '@keyfob/shared/lint';
import type { Problem } from '@keyfob/shared/problem';
import { fileNameFor, loadFixtures, validateValue, type RuleCase, type RuleFixture } from './rule-fixtures.ts';

const fixtures = loadFixtures();

function find(problems: readonly Problem[], testCase: RuleCase): Problem {
  const found = problems.find((p) => p.code === testCase.code && p.path === testCase.path);
  assert.ok(
    found,
    `expected ${testCase.code} at ${testCase.path}; got ${JSON.stringify(problems.map((p) => [p.code, p.path]))}`,
  );
  return found;
}

/** The range's text decoded the way its format reads a scalar (quotes and escapes removed). */
function decoded(covered: string, format: 'yaml' | 'json'): string {
  try {
    const value: unknown = format === 'yaml' ? parse(covered) : JSON.parse(covered);
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : covered;
  } catch {
    return covered;
  }
}

function checkInvalid(fixture: RuleFixture, testCase: RuleCase): void {
  const value: unknown = parse(testCase.invalid);
  const problem = find(validateValue(fixture.kind, value, testCase, 'invalid'), testCase);
  assert.equal(problem.target, testCase.target, 'target');
  if (testCase.message)
    assert.match(problem.message, new RegExp(testCase.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
  for (const [key, expected] of Object.entries(testCase.data ?? {}))
    assert.deepEqual(problem.data?.[key], expected, `data.${key}`);
}

function checkYamlRange(fixture: RuleFixture, testCase: RuleCase): void {
  const result = lintText(testCase.invalid, { fileName: fileNameFor(fixture.kind, testCase, 'yaml') });
  const range = find(result.problems, testCase).range;
  assert.ok(range, 'range');
  assert.deepEqual([range.startLine, range.startColumn], [testCase.line, testCase.column], 'YAML line/column');
  if (testCase.text !== undefined)
    assert.equal(decoded(testCase.invalid.slice(range.start, range.end), 'yaml'), testCase.text);
}

function checkJsonRange(fixture: RuleFixture, testCase: RuleCase): void {
  const json = JSON.stringify(parse(testCase.invalid), null, 2);
  const result = lintText(json, { fileName: fileNameFor(fixture.kind, testCase, 'json') });
  const range = find(result.problems, testCase).range;
  assert.ok(range, 'range');
  if (testCase.text === undefined) return;
  const covered = json.slice(range.start, range.end);
  assert.equal(decoded(covered, 'json'), testCase.text, 'JSON range text');
  // Where the token must be in the pretty-printed JSON: a key is the first such key; a value the
  // first whole token after its field's key. Its line/column follow from that offset.
  const before = json.slice(0, expectedOffset(json, covered, testCase));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  assert.deepEqual([range.startLine, range.startColumn], [line, column], 'JSON line/column');
}

function expectedOffset(json: string, covered: string, testCase: RuleCase): number {
  const field =
    testCase.path
      .split('/')
      .filter((s) => s !== '' && !/^[0-9]+$/.test(s))
      .at(-1) ?? '';
  const keyAt = json.indexOf(`"${field}":`);
  const from = testCase.target === 'value' && keyAt >= 0 ? keyAt + field.length + 3 : 0;
  const escaped = covered.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const token = new RegExp(
    `${/^\w/.test(covered) ? '(?<!\\w)' : ''}${escaped}${/\w$/.test(covered) ? '(?!\\w)' : ''}`,
    'g',
  );
  token.lastIndex = from;
  return token.exec(json)?.index ?? -1;
}

for (const fixture of fixtures) {
  describe(`rules: ${fixture.file}`, () => {
    for (const testCase of fixture.cases) {
      describe(`${testCase.code}: ${testCase.name}`, () => {
        test('valid case raises no error and not this code', () => {
          const problems = validateValue(fixture.kind, parse(testCase.valid), testCase, 'valid');
          assert.deepEqual(
            problems
              .filter((p) => p.severity === 'error' || p.code === testCase.code)
              .map((p) => [p.code, p.path, p.message]),
            [],
          );
        });
        test('invalid case raises the code at the path and target', () => checkInvalid(fixture, testCase));
        if (fixture.kind !== 'credential-request') {
          test('YAML source: line and column', () => checkYamlRange(fixture, testCase));
          test('JSON source: line and column', () => checkJsonRange(fixture, testCase));
        }
      });
    }
  });
}

test('every rule of the table has a fixture case', async () => {
  const { ruleTable } = await import('../../src/rules/index.ts');
  const covered = new Set(fixtures.flatMap((f) => f.cases.map((c) => c.code)));
  assert.deepEqual(
    ruleTable.map((r) => r.code).filter((code) => !covered.has(code)),
    [],
  );
});
