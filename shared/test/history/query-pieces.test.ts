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

describe('query pieces appended to a list, joined into a URL', () => {
  it('PowerShell, Python and JS: the key is the URL its joined list is the query of', () => {
    const ps = [
      'function Get-TfcWorkspaces {', //                                              1
      '    param($Org, [string[]]$Tags)',
      '    $queryParams = @()',
      '    $queryParams += "page%5Bsize%5D=100"',
      '    if ($Tags) {', //                                                          5
      '        $queryParams += "search%5Btags%5D=$($Tags -join \',\')"',
      '    }',
      '    $queryString = $queryParams -join "&"',
      '    $endpoint = "/organizations/$Org/workspaces?$queryString"',
      '    Invoke-TfcApi -Endpoint $endpoint -Method Get', //                           10
      '}',
    ].join('\n');
    assert.deepEqual(parameters(ps, 'workspaces.ps1'), [
      '4 parameter page[size] *',
      '6 parameter search[tags] /organizations/:organization_name/workspaces',
    ]);
    const py = [
      'def list_workspaces(org, tags):', //                                            1
      '    parts = []',
      '    parts.append(f"search[tags]={tags}")',
      // Further than a query key's nearby URL (five lines): the join binds it.
      ...Array.from({ length: 6 }, (_, k) => `    log.debug("step ${k}")`),
      '    query = "&".join(parts)',
      '    return session.get(f"{BASE}/api/v2/organizations/{org}/workspaces?{query}")',
    ].join('\n');
    assert.deepEqual(parameters(py, 'client.py'), [
      '3 parameter search[tags] /organizations/:organization_name/workspaces',
    ]);
    // Joined but sent to another path (no such key there), or not joined at all: the key is no URL's.
    const other = py.replace('/organizations/{org}/workspaces?{query}', '/organizations/{org}/teams?{query}');
    assert.deepEqual(parameters(other, 'client.py'), []);
    const unjoined = py.replace('    query = "&".join(parts)\n', '');
    assert.deepEqual(parameters(unjoined, 'client.py'), []);
  });
});
