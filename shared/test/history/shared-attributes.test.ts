import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

/** Subject ids by 1-based line. */
function byLine(source: string, languageId: string, fileName: string): Map<number, string[]> {
  const found = new Map<number, string[]>();
  for (const m of scanText(source, { languageId, fileName }))
    found.set(m.line, [...(found.get(m.line) ?? []), m.subject.id]);
  return found;
}

describe('attribute names the API carries on several resources', () => {
  it('say no resource where nothing says whose the data is (updated-at of a managed resource)', () => {
    const source = [
      'def to_row(item: dict) -> Row:',
      '    attrs = item.get("attributes", {})',
      '    return Row(',
      '        kind=attrs.get("provider-type", ""),',
      '        changed=attrs.get("updated-at", ""),',
      '    )',
      '',
    ].join('\n');
    assert.deepEqual(byLine(source, 'python', 'rows.py').get(5), undefined);
  });

  it("are the resource's beside a name only that resource has (apply-duration-average), or with its type", () => {
    const listed = [
      'def to_row(item: dict) -> Row:',
      '    attrs = item["attributes"]',
      '    return Row(',
      '        changed=attrs.get("updated-at", ""),',
      '        runs=attrs.get("apply-duration-average", 0),',
      '    )',
      '',
    ].join('\n');
    assert.ok(byLine(listed, 'python', 'rows.py').get(4)?.includes('attribute workspaces updated-at'));
    const typed = [
      'payload = {"data": {"type": "workspaces", "attributes": {',
      '    "updated-at": stamp,',
      '}}}',
      '',
    ].join('\n');
    assert.ok(byLine(typed, 'python', 'rows.py').get(2)?.includes('attribute workspaces updated-at'));
  });
});
