// Bracketed query keys written after a placeholder that holds the separator chosen at run time (query-objects.ts'
// `queryStringPieces`): `${path}${sep}page%5Bsize%5D=100`. Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const parameters = (text: string, fileName: string): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.subject.id.startsWith('parameter'))
    .map((m) => `${m.line} ${m.subject.id}`);

describe('query keys after a placeholder', () => {
  it('JavaScript and Python: a key right after a one-name placeholder is a query key', () => {
    const js = [
      'async function all(path) {',
      "  const sep = path.includes('?') ? '&' : '?';",
      "  return api('GET', `${path}${sep}page%5Bsize%5D=100`);",
      '}',
    ].join('\n');
    assert.deepEqual(parameters(js, 'list.mjs'), ['3 parameter page[size] *']);
    const py = [
      'def all(path):',
      '    sep = "&" if "?" in path else "?"',
      '    return get(f"{path}{sep}page[size]=100")',
    ].join('\n');
    assert.deepEqual(parameters(py, 'list.py'), ['3 parameter page[size] *']);
  });

  it('after an expression placeholder, or with a literal path before it, it is not read', () => {
    const js = [
      "const a = `${host + '/x'}page%5Bsize%5D=100`;",
      'const b = `https://registry.example.com/v2/modules${sep}page%5Bsize%5D=100`;',
    ].join('\n');
    assert.deepEqual(parameters(js, 'list.mjs'), []);
  });
});
