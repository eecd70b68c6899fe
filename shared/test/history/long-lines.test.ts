// A line longer than a person writes (MAX_LINE_LENGTH) is not read: several readers look at a find's whole line, a few
// once per find on it, and one line of a machine-written file (a minified bundle, a generated blob) took minutes. The
// lines around it are read as before, at their own offsets and numbers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';
import { MAX_LINE_LENGTH, withoutLongLines } from '../../src/history/long-lines.ts';

const patch = 'curl -s -X PATCH -d @v.json "https://app.terraform.io/api/v2/varsets/$V"';
const found = (text: string): string[] =>
  scanText(text, { languageId: 'shellscript' }).map((m) => `${m.line}:${m.column} ${m.subject.id}`);

describe('history: a line longer than a person writes is not read', () => {
  it('blanks only the long lines, offsets and line numbers kept', () => {
    const long = `echo ${'x'.repeat(MAX_LINE_LENGTH)}`;
    const text = ['a', long, 'b\r', 'y'.repeat(MAX_LINE_LENGTH + 1), 'c'].join('\n');
    const out = withoutLongLines(text);
    assert.equal(out.length, text.length);
    assert.deepEqual(
      out.split('\n').map((l) => (l.trim() === '' ? l.length : l)),
      ['a', long.length, 'b\r', MAX_LINE_LENGTH + 1, 'c'],
    );
    const short = ['a', 'x'.repeat(MAX_LINE_LENGTH), 'b'].join('\n');
    assert.equal(withoutLongLines(short), short);
  });

  it('finds a long line wherever the windows of MAX_LINE_LENGTH fall: first, last, after many short lines', () => {
    const blank = (text: string): string =>
      text.replace(/[^\n]+/g, (line) => (line.length > MAX_LINE_LENGTH ? ' '.repeat(line.length) : line));
    const max = 'm'.repeat(MAX_LINE_LENGTH);
    const over = 'o'.repeat(MAX_LINE_LENGTH + 1);
    const shorts = Array.from({ length: 3000 }, (_, k) => `line ${k}`).join('\n');
    const texts = [
      over,
      `${over}\n`,
      `${over}\nb`,
      `a\n${over}`,
      `${max}\n${max}\n${max}`,
      `${max}\n${over}\n${max}`,
      `\n${max}\n\n${over}`,
      `${shorts}\n${over}\n${shorts}\n${max}\n${shorts}${over}`,
      `${shorts}\n${max}`,
      `${'x'.repeat(MAX_LINE_LENGTH - 1)}\n${over}${over}\n\n${over}`,
    ];
    for (const text of texts) {
      const out = withoutLongLines(text);
      assert.equal(out, blank(text));
      // A text with no long line is handed back itself.
      assert.equal(out === text, !text.split('\n').some((line) => line.length > MAX_LINE_LENGTH));
    }
  });

  it('a long line of commands says nothing; the commands around it keep their lines and methods', () => {
    const many = Array.from({ length: 200 }, () => patch).join('; ');
    assert.ok(many.length > MAX_LINE_LENGTH);
    const text = [patch, many, patch].join('\n');
    assert.deepEqual(found(text), [
      '1:30 endpoint PATCH /varsets/:varset_id',
      '3:30 endpoint PATCH /varsets/:varset_id',
    ]);
    // The same commands on lines of their own are all read.
    assert.equal(found(Array.from({ length: 200 }, () => patch).join('\n')).length, 200);
  });
});
