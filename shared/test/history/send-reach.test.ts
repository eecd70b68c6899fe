// How far after a URL's assignment its sending call is looked for (shared/src/history/sending-calls.ts `sendingMethod`):
// 40 lines, and at most 16,000 characters of them (SEND_READ: real code's 40 lines are a few KB; a text of long lines
// of URLs read up to 40 of them after each URL). And a variable the URL is put at the end of (`path = api_endpoint +
// create_path`, `tailAlias`) is followed to its send. Snippets written for these tests (the alias from
// kbooth-insight/tfe-module-uploader's shape).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const endpoints = (lines: readonly string[], fileName: string): string[] =>
  scanText(lines.join('\n'), { fileName })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

describe("a URL's sending call below it", () => {
  const untag = (pad: readonly string[]): string[] =>
    endpoints(
      [
        'import requests',
        '',
        'def untag(ws):',
        '    url = f"https://app.terraform.io/api/v2/workspaces/{ws}/relationships/tags"',
        ...pad,
        '    return requests.delete(url, headers=HEADERS)',
      ],
      'tags.py',
    );
  const DELETE = ['4 endpoint DELETE /workspaces/:workspace_id/relationships/tags'];
  const long = (n: number): string[] => Array.from({ length: n }, (_, i) => `    note${i} = "${'a'.repeat(7_900)}"`);
  const short = (n: number): string[] => Array.from({ length: n }, (_, i) => `    note${i} = "a"`);

  it('40 lines under: 38 lines between are read, 40 are not', () => {
    assert.deepEqual(untag(short(38)), DELETE);
    assert.deepEqual(untag(short(40)), []);
  });

  it('16,000 characters of them: two lines of 7,900 between are read, three are not', () => {
    assert.deepEqual(untag(long(2)), DELETE);
    assert.deepEqual(untag(long(3)), []);
  });

  it("a variable the URL's path is put at the end of, sent 20 lines under: that variable's send is the path's", () => {
    const upload = (joined: string): string[] =>
      endpoints(
        [
          'import requests',
          '',
          "api_endpoint = f'https://{hostname}/api/v2/'",
          "create_path = f'organizations/{organization}/registry-modules'",
          ...Array<string>(20).fill('headers = {}'),
          `path = ${joined}`,
          'response = requests.post(path, headers=headers, data=data)',
        ],
        'upload.py',
      );
    const POST = ['4 endpoint POST /organizations/:organization_name/registry-modules'];
    for (const joined of [
      'api_endpoint + create_path',
      'urljoin(api_endpoint, create_path)',
      'f"{api_endpoint}{create_path}"',
      "f'{api_endpoint}/{create_path}'  ",
    ])
      assert.deepEqual(upload(joined), POST, joined);
    // The path not at the end of the value, or no join: another URL, not this path's.
    for (const joined of ['api_endpoint + create_path + "?x=1"', 'str(create_path)', 'other_path'])
      assert.deepEqual(upload(joined), [], joined);
  });
});
