import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

/** How many of each subject id a source yields. */
function counts(source: string, languageId: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const m of scanText(source, { languageId })) found.set(m.subject.id, (found.get(m.subject.id) ?? 0) + 1);
  return found;
}

const SIZE = 'parameter page[size] *';
const NUMBER = 'parameter page[number] *';

// A long string of query pieces was read back to its start for a `/` once per key, and a line of strings back to its
// start once per string: each string is now read once for its first `/`, and a line's start only 120 characters back.
describe('query string pieces on a long line', () => {
  for (const language of ['python', 'typescript', 'go']) {
    it(`${language}: every key of a long string of pieces is a key`, () => {
      assert.equal(counts('q = "' + 'page[size]=20&'.repeat(200) + '"', language).get(SIZE), 200);
    });

    it(`${language}: the keys after a path in the string are another API's, those before it are keys`, () => {
      const source = 'q = "' + 'page[size]=20&'.repeat(100) + '/v2/x?' + 'page[number]=2&'.repeat(100) + '"';
      const found = counts(source, language);
      assert.equal(found.get(SIZE), 100);
      assert.equal(found.get(NUMBER), undefined);
      assert.equal(counts('q = "/v2/x?' + 'page[size]=20&'.repeat(100) + '"', language).get(SIZE), undefined);
    });

    it(`${language}: a line of many one-key strings`, () => {
      assert.equal(counts('q = ' + '"page[size]=1" '.repeat(200), language).get(SIZE), 200);
    });

    it(`${language}: a piece appended to a list is sent by the URL its join is the query of`, () => {
      const source =
        'parts.append("page[size]=1")\ns = "&".join(parts)\nr = get(f"/api/v2/organizations/{o}/workspaces?{s}")';
      const found = counts(source, language);
      assert.equal(found.get(SIZE), 1);
      assert.equal(found.get('endpoint GET /organizations/:organization_name/workspaces'), 1);
    });
  }
});
