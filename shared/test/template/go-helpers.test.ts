import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { formatGoTime } from '../../src/template/go-time-layout.ts';
import { goSprintf } from '../../src/template/go-sprintf.ts';
import { encodeBase64 } from '../../src/template/base64.ts';
import { layoutLengthBounds } from '../../src/template/go-time-layout.ts';
import { sha256Hex } from '../../src/template/sha256.ts';
import { truncateUtf8, utf8Length } from '../../src/template/utf8.ts';

describe('goSprintf (Go fmt semantics)', () => {
  const cases: [string, (string | number | boolean)[], string][] = [
    ['%s-%s', ['a', 'b'], 'a-b'],
    ['%v %v %v', ['s', 12, false], 's 12 false'],
    ['%d', [-42], '-42'],
    ['%5d|%-5d|%05d|%+d|% d', [1, 2, 3, 4, 5], '    1|2    |00003|+4| 5'],
    ['%.2d|%.0d', [5, 0], '05|'],
    ['%x %X %o %b %#x %O', [255, 255, 8, 5, 255, 8], 'ff FF 10 101 0xff 0o10'],
    ['%c%c %U', [72, 105, 0x1f600], 'Hi U+1F600'],
    ['%q %q', ['a"b\n', 97], '"a\\"b\\n" \'a\''],
    ['%+q', ['é'], '"\\u00e9"'],
    ['%x % x', ['hi', 'hi'], '6869 68 69'],
    ['%6.2s|%-6s|%06s|%05t', ['abc', 'ab', 'ab', true], '    ab|ab    |    ab|0true'],
    ['%t %v', [true, false], 'true false'],
    ['%T %T %T', ['a', 1, true], 'string int bool'],
    ['100%%', [], '100%'],
    ['%d', ['x'], '%!d(string=x)'],
    ['%s', [7], '%!s(int=7)'],
    ['%t', ['x'], '%!t(string=x)'],
    ['%s %s', ['a'], 'a %!s(MISSING)'],
    ['%s', ['a', 1, 'b'], 'a%!(EXTRA int=1, string=b)'],
    ['trailing %', [], 'trailing %!(NOVERB)'],
    ['%z', ['a'], '%!z(string=a)'],
    ['%5s', ['日本'], '   日本'],
  ];
  for (const [format, args, expected] of cases) {
    it(`${format} ${JSON.stringify(args)}`, () => assert.equal(goSprintf(format, args), expected));
  }
});

describe('formatGoTime (UTC)', () => {
  const t = new Date(Date.UTC(2024, 0, 5, 15, 4, 5, 70));
  const cases: [string, string][] = [
    ['2006-01-02T15:04:05Z07:00', '2024-01-05T15:04:05Z'],
    ['20060102150405', '20240105150405'],
    ['2006-01-02 15:04:05.000', '2024-01-05 15:04:05.070'],
    ['15:04:05.999', '15:04:05.07'],
    ['15:04:05,000000', '15:04:05,070000'],
    ['Monday January 2 2006', 'Friday January 5 2024'],
    ['Mon Jan _2 06', 'Fri Jan  5 24'],
    ['3:4:5 pm PM', '3:4:5 pm PM'],
    ['002 __2', '005   5'],
    ['-0700 -07 Z0700 MST', '+0000 +00 Z UTC'],
    ['_2006', '_2024'],
    ['05.999|05.9', '05.07|05'],
  ];
  for (const [layout, expected] of cases) {
    it(layout, () => assert.equal(formatGoTime(t, layout), expected));
  }

  const bounds: [string, number, number][] = [
    ['2006-01-02T15:04:05Z07:00', 20, 20],
    ['January', 3, 9],
    ['Monday', 6, 9],
    ['1/2 3:4:5', 9, 14],
    ['.999', 0, 4],
    ['literal', 7, 7],
  ];
  for (const [layout, min, max] of bounds) {
    it(`bounds ${layout}`, () => assert.deepEqual(layoutLengthBounds(layout), { min, max }));
  }
});

describe('sha256Hex and encodeBase64 agree with Node', () => {
  const inputs = ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'b'.repeat(64), 'c'.repeat(1000), 'héllo wörld 😀'];
  for (const input of inputs) {
    it(`${JSON.stringify(input.slice(0, 12))} (${input.length} chars)`, () => {
      assert.equal(sha256Hex(input), createHash('sha256').update(input, 'utf8').digest('hex'));
      assert.equal(encodeBase64(input), Buffer.from(input, 'utf8').toString('base64'));
    });
  }
});

describe('UTF-8 helpers', () => {
  it('counts bytes as Go does', () => assert.deepEqual(['a', 'é', '日', '😀'].map(utf8Length), [1, 2, 3, 4]));
  it('counts mixed text, pairs and lone surrogates as the UTF-8 encoder does', () => {
    for (const text of ['', 'keyfob-1700000000-abc', 'a😀é日x', '\uD800', 'x\uDC00y', '\uD83D\uDE00\uD83D']) {
      assert.equal(utf8Length(text), new TextEncoder().encode(text).length, JSON.stringify(text));
    }
  });
  it('cuts on a character boundary at or below the byte count', () => {
    assert.equal(truncateUtf8('abc', 2), 'ab');
    assert.equal(truncateUtf8('aé', 2), 'a');
    assert.equal(truncateUtf8('aé', 3), 'aé');
    assert.equal(truncateUtf8('😀x', 3), '');
  });
});
