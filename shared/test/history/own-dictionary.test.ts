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

// A string of the snake_case spelling of a name the text also quotes in the API's own kebab-case is the program's own
// name for it: a CSV column, a key of the dictionary it returns (`{"default_execution_mode":
// attrs.get("default-execution-mode")}`). A model's field (no string) and a struct tag keep their reading. Learned from
// held50 (a metrics script's column names: two wrong reports).
describe("history: a snake_case string beside the API's own kebab-case spelling is the program's name", () => {
  it('Python: output columns and a returned dictionary', () => {
    const py = [
      'def metrics(ws):',
      "    row = [ws['data']['attributes']['apply-duration-average'], ws['data']['attributes']['plan-duration-average']]",
      "    fields = ['name', 'apply_duration_average', 'plan_duration_average']",
      '    return {"apply_duration_average": row[0]}',
    ].join('\n');
    const found = scanText(py, { languageId: 'python' }).map((m) => `${m.line} ${m.subject.id}`);
    assert.deepEqual(found, [
      '2 attribute workspaces apply-duration-average',
      '2 attribute workspaces plan-duration-average',
    ]);
    // Without the kebab-case reads the snake_case strings are read as before.
    const alone = scanText(py.split('\n').slice(2).join('\n'), { languageId: 'python' });
    assert.ok(alone.some((m) => m.line === 1 && m.subject.id === 'attribute workspaces apply-duration-average'));
  });
});
