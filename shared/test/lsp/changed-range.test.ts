// A client that sends the whole text on every change gets the same treatment as one that sends
// ranges: the server works out the one range the texts differ in, so a typo is a small edit that is
// checked at once instead of after the debounce.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { changedRange } from '../../src/lsp/changed-range.ts';
import { isSmallEdit } from '../../src/lsp/document-session.ts';
import { OpenDocument } from '../../src/lsp/open-document.ts';

const cases = [
  {
    name: 'a deleted character',
    before: 'type: iam_user\n',
    after: 'type: iam_usr\n',
    expected: { start: 12, end: 13, text: '' },
  },
  {
    name: 'an inserted character',
    before: 'type: iam_usr\n',
    after: 'type: iam_user\n',
    expected: { start: 12, end: 12, text: 'e' },
  },
  { name: 'the same text', before: 'a: 1\n', after: 'a: 1\n', expected: { start: 5, end: 5, text: '' } },
  {
    name: 'a repeated letter (prefix and suffix never overlap)',
    before: 'aaa',
    after: 'aaaa',
    expected: { start: 3, end: 3, text: 'a' },
  },
  { name: 'everything replaced', before: 'abc', after: 'xyz', expected: { start: 0, end: 3, text: 'xyz' } },
  { name: 'emptied', before: 'abc', after: '', expected: { start: 0, end: 3, text: '' } },
  {
    name: 'a surrogate pair kept whole',
    before: 'x\u{1F600}y',
    after: 'x\u{1F601}y',
    expected: { start: 1, end: 3, text: '\u{1F601}' },
  },
];

describe('changedRange', () => {
  for (const c of cases)
    test(c.name, () => {
      const change = changedRange(c.before, c.after);
      assert.deepEqual(change, c.expected);
      assert.equal(c.before.slice(0, change.start) + change.text + c.before.slice(change.end), c.after);
    });
});

describe('OpenDocument.update', () => {
  const text = Array.from({ length: 2000 }, (_, i) => `name: r${i}\ncredential_type: iam_user\n---`).join('\n');
  test('a whole text with one typo becomes a one-character ranged change: a small edit, checked at once', () => {
    const open = new OpenDocument('file:///w/many.role.yaml', 'yaml', 1, text);
    const typo = text.replace('name: r1000\ncredential_type: iam_user', 'name: r1000\ncredential_type: iam_usr');
    const ranged = open.update([{ text: typo }], 2);
    assert.equal(open.document.getText(), typo);
    assert.equal(open.version, 2);
    assert.deepEqual(ranged, [
      { range: { start: { line: 3001, character: 23 }, end: { line: 3001, character: 24 } }, text: '' },
    ]);
    assert.equal(isSmallEdit(ranged), true);
  });

  test('ranged and whole-text changes in one notification apply in order', () => {
    const open = new OpenDocument('file:///w/a.role.yaml', 'yaml', 1, 'a: 1\nb: 2\n');
    const ranged = open.update(
      [
        { range: { start: { line: 0, character: 3 }, end: { line: 0, character: 4 } }, text: '9' },
        { text: 'a: 9\nb: 3\n' },
      ],
      3,
    );
    assert.equal(open.document.getText(), 'a: 9\nb: 3\n');
    assert.equal(ranged.length, 2);
  });

  test('a whole text that rewrites the file is not small: it waits the debounce', () => {
    const open = new OpenDocument('file:///w/many.role.yaml', 'yaml', 1, text);
    assert.equal(
      isSmallEdit(open.update([{ text: `# header\n${text.replaceAll('iam_user', 'assumed_role')}` }], 2)),
      false,
    );
  });
});
