import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DocumentFormat } from '@keyfob/shared/documents';
import { attachRanges, parseDocuments } from '@keyfob/shared/documents';
import type { Problem } from '@keyfob/shared/problem';
import type { Span } from './helpers.ts';
import { textSpan } from './helpers.ts';

const ROLE = [
  'name: deploy',
  'credential_type: assumed_role',
  'role_arns:',
  '  - arn:aws:iam::1:role/a',
  'session_tags:',
  '  team: x',
  'username_template: "{{ .Bad }}"',
  'empty:',
  'plain_template: a{{x}}b',
  'block_template: |',
  '  {{ .Bad }}',
  'escaped: "a\\tb{{x}}"',
  '',
].join('\n');

const JSON_ROLE = '{\n  "name": "deploy",\n  "tpl": "x{{ y }}"\n}\n';

interface AttachCase {
  readonly name: string;
  readonly text?: string;
  readonly format?: DocumentFormat;
  readonly path: string;
  readonly target?: 'key' | 'value';
  readonly data?: Record<string, unknown>;
  readonly range: Span;
}

const cases: AttachCase[] = [
  { name: 'key target', path: '/credential_type', target: 'key', range: [2, 1, 2, 16] },
  { name: 'value target', path: '/credential_type', target: 'value', range: [2, 18, 2, 30] },
  { name: 'no target means the value', path: '/credential_type', range: [2, 18, 2, 30] },
  {
    name: 'key target on an array item falls back to its value',
    path: '/role_arns/0',
    target: 'key',
    range: [4, 5, 4, 26],
  },
  { name: 'collection value spans the collection', path: '/session_tags', range: [6, 3, 6, 10] },
  { name: 'empty value falls back to its key', path: '/empty', range: [8, 1, 8, 6] },
  { name: 'missing field: key of the nearest member', path: '/session_tags/env', range: [5, 1, 5, 13] },
  { name: 'missing deeper: still the nearest member', path: '/session_tags/a/b/c', range: [5, 1, 5, 13] },
  { name: 'missing under a scalar array item: that item', path: '/role_arns/0/x', range: [4, 5, 4, 26] },
  { name: 'missing at the root: first key', path: '/policy_arns', range: [1, 1, 1, 5] },
  {
    name: 'missing at the root with an anchor',
    path: '/policy_arns',
    data: { anchor: '/credential_type' },
    range: [2, 1, 2, 16],
  },
  {
    name: 'anchor that does not exist: first key',
    path: '/policy_arns',
    data: { anchor: '/nope' },
    range: [1, 1, 1, 5],
  },
  { name: 'the root itself: first key', path: '', range: [1, 1, 1, 5] },
  {
    name: 'value offset in a quoted string',
    path: '/username_template',
    data: { valueOffset: 3, valueLength: 4 },
    range: [7, 24, 7, 28],
  },
  {
    name: 'value offset in a plain string',
    path: '/plain_template',
    data: { valueOffset: 1, valueLength: 5 },
    range: [9, 18, 9, 23],
  },
  {
    name: 'value offset clamped to the string',
    path: '/plain_template',
    data: { valueOffset: 5, valueLength: 99 },
    range: [9, 22, 9, 24],
  },
  {
    name: 'value offset in a literal block scalar: the characters, indentation skipped',
    path: '/block_template',
    data: { valueOffset: 3, valueLength: 4 },
    range: [11, 6, 11, 10],
  },
  {
    name: 'value offset across an escape: the characters after it',
    path: '/escaped',
    data: { valueOffset: 3, valueLength: 2 },
    range: [12, 15, 12, 17],
  },
  {
    name: 'value offset in a folded block scalar: whole value',
    text: 'folded: >\n  a {{x}}\n',
    path: '/folded',
    data: { valueOffset: 2, valueLength: 2 },
    range: [1, 9, 2, 10],
  },
  {
    name: 'value offset on a key target is ignored',
    path: '/plain_template',
    target: 'key',
    data: { valueOffset: 1, valueLength: 2 },
    range: [9, 1, 9, 15],
  },
  { name: 'root of a sequence document: its first dash', text: '- a\n- b\n', path: '/x', range: [1, 1, 1, 2] },
  { name: 'root of a scalar document: the scalar', text: 'hello\n', path: '/x', range: [1, 1, 1, 6] },
  { name: 'empty document: one character, not the file', text: '# nothing\n', path: '/name', range: [1, 1, 1, 2] },
  {
    name: 'missing in a map under a sequence: its first key',
    text: 'roles:\n  - name: a\n    ttl: 1h\n',
    path: '/roles/0/credential_type',
    range: [2, 5, 2, 9],
  },
  {
    name: 'JSON missing field: first key',
    text: JSON_ROLE,
    format: 'json',
    path: '/credential_type',
    range: [2, 3, 2, 9],
  },
  {
    name: 'JSON value offset inside the quotes',
    text: JSON_ROLE,
    format: 'json',
    path: '/tpl',
    data: { valueOffset: 1, valueLength: 7 },
    range: [3, 12, 3, 19],
  },
];

describe('attachRanges', () => {
  for (const c of cases) {
    it(c.name, () => {
      const file = parseDocuments(c.text ?? ROLE, c.format ?? 'yaml');
      const doc = file.documents[0];
      assert.ok(doc);
      const problem: Problem = {
        code: 'ROLE_FIELD_UNUSED',
        severity: 'warning',
        message: 'test',
        path: c.path,
        ...(c.target ? { target: c.target } : {}),
        ...(c.data ? { data: c.data } : {}),
      };
      const [placed] = attachRanges([problem], file, doc);
      assert.deepEqual(textSpan(placed?.range), c.range);
      assert.equal(placed?.document, 0);
      assert.equal(placed?.path, c.path);
    });
  }

  it('keeps a range that is already there and sets the document', () => {
    const file = parseDocuments('a: 1\n---\nb: 2\n', 'yaml');
    const doc = file.documents[1];
    assert.ok(doc);
    const range = file.lines.range({ start: 0, end: 1 });
    const [placed] = attachRanges(
      [{ code: 'ROLE_FIELD_UNUSED', severity: 'warning', message: 'm', path: '/b', range }],
      file,
      doc,
    );
    assert.equal(placed?.range, range);
    assert.equal(placed?.document, 1);
  });

  it('places problems of the second document in the second document', () => {
    const file = parseDocuments('a: 1\n---\nb: 2\n', 'yaml');
    const doc = file.documents[1];
    assert.ok(doc);
    const [placed] = attachRanges(
      [{ code: 'ROLE_FIELD_UNUSED', severity: 'warning', message: 'm', path: '/missing' }],
      file,
      doc,
    );
    assert.deepEqual(textSpan(placed?.range), [3, 1, 3, 2]);
    assert.equal(placed?.document, 1);
  });
});
