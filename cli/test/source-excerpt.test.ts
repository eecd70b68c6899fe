import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EXCERPT_WIDTH, sourceExcerpt } from '../src/lint/source-excerpt.ts';

/** The caret line under the excerpt, as format-text prints it. */
function under(shown: { caretStart: number; caretWidth: number }): string {
  return ' '.repeat(shown.caretStart) + '^'.repeat(shown.caretWidth);
}

describe('sourceExcerpt: the printed part of a source line and its caret', () => {
  const long = `{"credential_type":"iam_user",${'"x":1,'.repeat(5000)}"ttl":"99y"}`;
  const at = long.indexOf('"99y"') + 1;
  const cases: { name: string; line: string; start: number; end: number; text: string | RegExp; marked: string }[] = [
    { name: 'a short line whole', line: 'ttl: 99y', start: 6, end: 9, text: 'ttl: 99y', marked: '99y' },
    { name: 'a one-column range', line: 'a: 1', start: 1, end: 1, text: 'a: 1', marked: 'a' },
    { name: 'a range past the end of the line', line: 'key:', start: 5, end: 9, text: 'key:', marked: '' },
    { name: 'tabs shown as spaces', line: '\tttl: 1h', start: 2, end: 5, text: ' ttl: 1h', marked: 'ttl' },
    { name: 'a trailing carriage return dropped', line: 'ttl: 1h\r', start: 6, end: 8, text: 'ttl: 1h', marked: '1h' },
    {
      name: 'a terminal escape shown as U+FFFD',
      line: 'name: "\u001b[2J\u001b]0;pwned\u0007"',
      start: 7,
      end: 24,
      text: 'name: "\uFFFD[2J\uFFFD]0;pwned\uFFFD"',
      marked: '"\uFFFD[2J\uFFFD]0;pwned\uFFFD"',
    },
    {
      name: 'a minified line cut around the range',
      line: long,
      start: at,
      end: at + 5,
      text: /^….*"99y"}$/,
      marked: '"99y"',
    },
    {
      name: 'a range at the start of a long line',
      line: long,
      start: 2,
      end: 19,
      text: /^\{"credential_type".*…$/,
      marked: '"credential_type"',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const shown = sourceExcerpt(c.line, c.start, c.end);
      if (typeof c.text === 'string') assert.equal(shown.text, c.text);
      else assert.match(shown.text, c.text);
      assert.ok(shown.text.length <= EXCERPT_WIDTH + 2, `printed ${shown.text.length} characters`);
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      assert.ok(!/[\u0000-\u001f\u007f]/.test(shown.text));
      const marked = shown.text.slice(shown.caretStart, shown.caretStart + shown.caretWidth);
      if (c.marked !== '') assert.equal(marked, c.marked, under(shown));
      assert.ok(shown.caretWidth >= 1);
    });
  }
});
