// The binary search the history readers share (shared/src/history/ordered.ts `firstAtOrAfter`) and four lookups
// that go through it: a line's number (Lines.lineOf), a brace depth (braceDepths' depthAt) and a bracket's close
// (BracketPairs.close), each checked against a plain count over the text at every offset of generated texts (a fixed
// seed: the same texts each run). The fourth, the quote opening a jq filter written over lines (jq-reads' openedFilter),
// is read through scanText by long-line-reads.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { braceDepths } from '../../src/history/brace-depths.ts';
import { bracketPairs, matchingClose } from '../../src/history/brackets.ts';
import { Lines } from '../../src/history/lines.ts';
import { firstAtOrAfter } from '../../src/history/ordered.ts';
import { seededRandom } from './seeded-random.ts';

/** Deterministic texts of newlines, braces, brackets, parentheses, quotes and letters. */
function texts(count: number, length: number): string[] {
  const random = seededRandom(0x5eed1234);
  const alphabet = '\n\n{}{}[]()ab c';
  return Array.from({ length: count }, () =>
    Array.from(
      { length: 1 + Math.floor(random() * length) },
      () => alphabet[Math.floor(random() * alphabet.length)],
    ).join(''),
  );
}

describe('firstAtOrAfter', () => {
  it('gives the first index whose value is at or past the one asked, within the bound given', () => {
    const values = [2, 4, 4, 9, 15];
    const expected = (value: number, end: number): number => {
      const k = values.slice(0, end).findIndex((v) => v >= value);
      return k === -1 ? end : k;
    };
    for (let end = 0; end <= values.length; end++)
      for (let value = -1; value <= 17; value++)
        assert.equal(firstAtOrAfter(values, value, end), expected(value, end), `value ${value}, end ${end}`);
    // Values past the bound are not read: room kept past an array's last value holds anything.
    assert.equal(firstAtOrAfter([1, 3, 0, 0], 5, 2), 2);
    assert.equal(firstAtOrAfter(new Int32Array([1, 3, 0, 0]), 2, 2), 1);
    assert.equal(firstAtOrAfter([], 1), 0);
  });
});

describe('lookups through firstAtOrAfter, against a plain count', () => {
  it('Lines.lineOf: the count of line breaks before the offset, asked in any order', () => {
    for (const text of texts(40, 300)) {
      const lines = new Lines(text);
      // Asked backwards then forwards: the last line asked is held and tried first, so both directions are checked.
      const offsets = [...Array(text.length + 1).keys()];
      for (const offset of [...offsets].reverse().concat(offsets)) {
        const expected = text.slice(0, offset).split('\n').length - 1;
        assert.equal(lines.lineOf(offset), expected, `offset ${offset} of ${JSON.stringify(text)}`);
      }
    }
  });

  it("braceDepths' depthAt: the `{`s less the `}`s before the offset", () => {
    for (const text of texts(40, 300)) {
      const depths = braceDepths(text, []);
      let depth = 0;
      for (let offset = 0; offset <= text.length; offset++) {
        assert.equal(depths.depthAt(offset), depth, `offset ${offset} of ${JSON.stringify(text)}`);
        if (text[offset] === '{') depth++;
        else if (text[offset] === '}') depth--;
      }
    }
  });

  it('BracketPairs.close: the close matchingClose counts, at every offset and limit', () => {
    for (const text of texts(30, 200)) {
      for (const kinds of ['braces', 'all'] as const) {
        const pairs = bracketPairs(text, new Lines(text), kinds);
        for (let open = 0; open < text.length; open++)
          for (const limit of [1, 5, 40, 1000])
            assert.equal(
              pairs.close(open, limit),
              matchingClose(text, open, limit, kinds),
              `${kinds}, open ${open}, limit ${limit} of ${JSON.stringify(text)}`,
            );
      }
    }
  });
});
