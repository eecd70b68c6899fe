// A type value the history does not know (shared/src/history/unknown-types.ts): `Type: "widget-sets"` in a table
// row or `"type": "widget-sets"` in a payload says whose names its block holds, so a distinct attribute of
// another resource (`resource-count` is workspaces') is not reported there. Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const attributes = (matches: readonly { line: number; subject: { id: string } }[]): string[] =>
  matches.filter((m) => m.subject.id.startsWith('attribute')).map((m) => `${m.line} ${m.subject.id}`);

const row = (type: string): string =>
  [
    'package kinds',
    '',
    'var kinds = []Kind{',
    '\t{',
    `\t\tType:    "${type}",`,
    '\t\tColumns: []string{"name", "resource-count"},',
    '\t},',
    '}',
  ].join('\n');

describe('type values that name no resource of the history', () => {
  it('a Go table row of an unknown type: its columns say nothing', () => {
    assert.deepEqual(attributes(scanText(row('widget-sets'), { fileName: 'kinds.go' })), []);
    assert.deepEqual(attributes(scanText(row('gadgets'), { fileName: 'kinds.go' })), []);
  });

  it('a payload of an unknown type: its attributes say nothing', () => {
    const py = [
      'body = {',
      '    "data": {',
      '        "type": "widget-sets",',
      '        "attributes": {"resource-count": now},',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(py, { fileName: 'widgets.py' })), []);
  });

  it('a row of a known type, or a type value that is no resource name (object, success), keeps the column', () => {
    assert.deepEqual(attributes(scanText(row('workspaces'), { fileName: 'kinds.go' })), [
      '6 attribute workspaces resource-count',
    ]);
    assert.deepEqual(attributes(scanText(row('success'), { fileName: 'kinds.go' })), [
      '6 attribute workspaces resource-count',
    ]);
    assert.deepEqual(attributes(scanText(row('object'), { fileName: 'kinds.go' })), [
      '6 attribute workspaces resource-count',
    ]);
  });

  it("a family's plain name stands for its members", () => {
    const py = [
      'body = {',
      '    "data": {',
      '        "type": "data-retention-policies",',
      '        "attributes": {"delete-older-than-n-days": days},',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(py, { fileName: 'retention.py' })), [
      '4 attribute data-retention-policy-delete-olders delete-older-than-n-days',
    ]);
  });
});
