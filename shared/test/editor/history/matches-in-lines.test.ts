import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchesAt, matchesInLines } from '../../../src/editor/history/matches-in-lines.ts';
import { scanText } from '../../../src/history/scan-text.ts';

const TEXT = [
  "const base = 'https://app.example.io/api/v2';",
  'const search = `/organizations/${org}/workspaces?search%5Btags%5D=prod&include=readme`;',
  "const ui = { name: 'button' };",
  "const a = { 'terraform-build-worker-plan-timeout': '2h' };",
  "const b = { 'terraform-build-worker-apply-timeout': '1h' };",
].join('\n');
const MATCHES = scanText(TEXT, { languageId: 'typescript' });

function offsetOf(needle: string, delta = 0): number {
  const at = TEXT.indexOf(needle);
  if (at === -1) throw new Error(`${needle} not in the text`);
  return at + delta;
}

describe('matchesInLines', () => {
  const CASES: readonly { name: string; from: number; to: number; expected: readonly number[] }[] = [
    { name: 'one line with a URL, a parameter and an include', from: 2, to: 2, expected: [2, 2, 2] },
    { name: 'a line without matches', from: 3, to: 3, expected: [] },
    { name: 'a range over several lines', from: 3, to: 5, expected: [4, 5] },
    { name: 'a range past the end', from: 5, to: 99, expected: [5] },
    { name: 'a range before the start', from: -10, to: 0, expected: [] },
  ];
  for (const c of CASES) {
    it(c.name, () =>
      assert.deepEqual(
        matchesInLines(MATCHES, c.from, c.to).map((m) => m.line),
        c.expected,
      ),
    );
  }
});

describe('matchesAt', () => {
  const CASES: readonly { name: string; offset: number; expected: readonly string[] }[] = [
    {
      name: 'inside a URL path',
      offset: offsetOf('/workspaces?', 3),
      expected: ['GET /organizations/:organization_name/workspaces'],
    },
    {
      name: 'on a query parameter inside the same literal',
      offset: offsetOf('search%5B', 2),
      expected: ['search[tags]'],
    },
    { name: 'on an include value', offset: offsetOf('readme', 1), expected: ['readme'] },
    {
      name: 'just after the last character of a key still hovers it',
      offset: offsetOf("plan-timeout'", 12),
      expected: ['platform-build-worker-plan-timeout'],
    },
    { name: 'on an ordinary word: nothing', offset: offsetOf('button', 2), expected: [] },
    { name: 'between two matches: nothing', offset: offsetOf("': '2h'", 3), expected: [] },
    { name: 'at offset 0: nothing', offset: 0, expected: [] },
  ];
  for (const c of CASES) {
    it(c.name, () =>
      assert.deepEqual(
        matchesAt(MATCHES, c.offset).map((m) => m.subject.name),
        c.expected,
      ),
    );
  }
});
