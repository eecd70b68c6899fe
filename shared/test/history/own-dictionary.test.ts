// A response's fields copied into a dictionary of the program's own under the same names, and read back from it
// (`seen[name]["auto-destroy-at"]`), are the program's data there: only the copy's source is a read of the response.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const lines = (text: string, languageId: string): string[] =>
  scanText(text, { languageId })
    .filter((m) => m.subject.id === 'attribute workspaces auto-destroy-at')
    .map((m) => `${m.line}:${m.column}`);

describe('history: keys read back from a dictionary the program filled', () => {
  const py = [
    'def summary(listing):',
    '    seen = {}',
    '    for ws in listing["data"]:',
    '        seen[ws["id"]] = {',
    '            "destroy-at": ws["attributes"]["auto-destroy-at"],',
    "            'auto-destroy-at': ws['attributes']['auto-destroy-at'],",
    '        }',
    '    for wid in seen:',
    '        print(wid, seen[wid]["auto-destroy-at"])',
  ].join('\n');

  it('Python: the read from the response counts, the read back from `seen` does not', () => {
    assert.deepEqual(lines(py, 'python'), ['5:45', '6:14', '6:50']);
  });

  it('a variable also assigned something else (a response) is read as before', () => {
    const other = py.replace('    for wid in seen:', '    seen = fetch_all()\n    for wid in seen:');
    assert.deepEqual(lines(other, 'python'), ['5:45', '6:14', '6:50', '10:31']);
  });

  it('JS: `const seen = {}` filled with the same key and read back', () => {
    const js = [
      'export function summary(listing) {',
      '  const seen = {};',
      '  for (const ws of listing.data) {',
      "    seen[ws.id] = { 'auto-destroy-at': ws.attributes['auto-destroy-at'] };",
      '  }',
      "  for (const id in seen) console.log(seen[id]['auto-destroy-at']);",
      '}',
    ].join('\n');
    assert.deepEqual(lines(js, 'javascript'), ['4:22', '4:55']);
  });
});
