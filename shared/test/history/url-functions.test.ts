// A URL returned by a function of the text, sent by its callers (shared/src/history/caller-methods.ts) and opening
// other URLs (`${itemUrl(o)}/versions`, base-urls.ts). Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const endpoints = (text: string, fileName: string): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.subject.id.startsWith('endpoint'))
    .map((m) => `${m.line} ${m.subject.id}`);

const functions = [
  'export function packageUrl(r: Ref): string {',
  '  const root = stripSlash(r.host);',
  '  return (',
  '    `${root}/api/v2/organizations/${r.org}/registry-modules/private/` +',
  '    `${r.org}/${r.name}/${r.system}`',
  '  );',
  '}',
  '',
  'export function releasesUrl(r: Ref): string {',
  '  return `${packageUrl(r)}/versions`;',
  '}',
  '',
];

describe('a URL function is sent with its callers’ method', () => {
  it('TypeScript: a method literal before the call, an HTTP verb, and a URL opening with the call', () => {
    const text = [
      ...functions,
      'async function publish(r: Ref) {',
      "  const found = await send('GET', packageUrl(r), auth);",
      '  if (!found.ok) return;',
      '  await client.post(releasesUrl(r), body);',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'publish.ts'), [
      '4 endpoint GET /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name/:provider',
      '10 endpoint POST /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name/:provider/versions',
    ]);
  });

  it('JavaScript: a method argument on its own line, and fetch options that say the method', () => {
    const text = [
      ...functions,
      'async function drop(r) {',
      '  await request(',
      "    'DELETE',",
      '    packageUrl(r),',
      '  );',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'drop.js'), [
      '4 endpoint DELETE /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name/:provider',
    ]);
  });

  it('calls that disagree, or one that says no method, say nothing', () => {
    const disagree = [
      ...functions,
      "async function a(r) { await send('GET', packageUrl(r)); }",
      "async function b(r) { await send('DELETE', packageUrl(r)); }",
    ].join('\n');
    assert.deepEqual(endpoints(disagree, 'a.ts'), []);
    const handedOn = [
      ...functions,
      "async function a(r) { await send('GET', packageUrl(r)); }",
      'async function b(r) { const u = packageUrl(r); await other(u); }',
    ].join('\n');
    assert.deepEqual(endpoints(handedOn, 'b.ts'), []);
  });
});
