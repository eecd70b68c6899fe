import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeControls, oneLine, printableCharacters } from '../../src/text/index.ts';
import { sanitizeLine } from '../../src/client/index.ts';

/** Every UTF-16 code unit but the surrogates (a lone one is no character). */
function codeUnits(): string[] {
  const all: string[] = [];
  for (let unit = 0; unit < 0x10000; unit++) if (unit < 0xd800 || unit > 0xdfff) all.push(String.fromCharCode(unit));
  return all;
}

describe('the control-character class: one definition for every one-line rendering of outside text', () => {
  it('escapeControls, printableCharacters, oneLine and sanitizeLine change exactly the same characters', () => {
    const controls = (ch: string) => escapeControls(ch) !== ch;
    for (const ch of codeUnits()) {
      const name = `U+${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
      const expected = controls(ch) ? (ch === '\t' ? ' ' : '\uFFFD') : ch;
      assert.equal(printableCharacters(ch), expected, `printableCharacters ${name}`);
      assert.equal(oneLine(`a${ch}b`), controls(ch) ? 'a b' : `a${ch}b`, `oneLine ${name}`);
      assert.equal(sanitizeLine(`a${ch}b`, []) !== `a${ch}b`, controls(ch), `sanitizeLine ${name}`);
    }
  });

  it('is C0, DEL, C1 and the Unicode line and paragraph separators', () => {
    const controls = codeUnits().filter((ch) => escapeControls(ch) !== ch);
    const ranges = [
      [0x00, 0x1f],
      [0x7f, 0x9f],
      [0x2028, 0x2029],
    ];
    const expected = ranges.flatMap(([from = 0, to = 0]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));
    assert.deepEqual(
      controls.map((ch) => ch.charCodeAt(0)),
      expected,
    );
  });

  it('oneLine folds a run of them into one space and cuts with an ellipsis', () => {
    assert.equal(oneLine('deploy\r\n\u001b[2Jprod'), 'deploy [2Jprod');
    assert.equal(oneLine('abcdef', 4), 'abc…');
  });

  it('replaces with the text itself: a $ in a replacement is not a pattern', () => {
    assert.equal(printableCharacters('$&\u0000$1'), '$&\uFFFD$1');
  });
});
