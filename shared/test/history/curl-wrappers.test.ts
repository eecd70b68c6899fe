// A wrapper of curl (a program the text gives curl's method or body flags somewhere) sends curl's default, GET, when a
// command gives it none (shell-commands.ts takesCurlFlags). The programs given flags are read once per text: a search
// of the whole text per command made a Makefile of distinct wrappers quadratic (made-up recipes; its timing is in
// bench/history.bench.ts, curl wrappers).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const endpoints = (text: string, fileName: string): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

/** A Makefile recipe of `n` lines: wrappers named apart (`api0 "…"`) between curl -X DELETE lines. */
function makefile(n: number): string {
  const rows: string[] = [];
  for (let i = 0; i < n; i++)
    rows.push(
      i % 2
        ? `\tcurl -X DELETE "https://app.terraform.io/api/v2/projects/prj-${i}"`
        : `\tapi${i} "https://app.terraform.io/api/v2/projects/prj-${i}"`,
    );
  return `all:\n${rows.join('\n')}\n`;
}

describe('history: curl wrappers read in one pass', () => {
  it('a wrapper given -X or -d elsewhere sends GET without them, in a shell script and a Makefile; another program says nothing', () => {
    const url = 'https://app.terraform.io/api/v2/projects/prj-1';
    const sh = [`tfc_call "${url}"`, `tfc_call -X DELETE "${url}"`, `other_tool "${url}"`].join('\n');
    assert.deepEqual(endpoints(sh, 'x.sh'), [
      '1 endpoint GET /projects/:project_id',
      '2 endpoint DELETE /projects/:project_id',
    ]);
    const mk = ['all:', `\t./bin/tfc.sh "${url}" | jq .`, `\tfoo; ./bin/tfc.sh -d @p.json "${url}"`].join('\n');
    assert.deepEqual(endpoints(mk, 'Makefile'), ['2 endpoint GET /projects/:project_id']);
  });

  it('a Makefile of 8,000 lines, distinct wrappers never given flags between curl -X DELETE lines: only the curl lines (timing: bench/history.bench.ts)', () => {
    const found = endpoints(makefile(8_000), 'Makefile');
    assert.equal(found.length, 4_000);
    assert.deepEqual(found.slice(0, 2), [
      '3 endpoint DELETE /projects/:project_id',
      '5 endpoint DELETE /projects/:project_id',
    ]);
    assert.ok(found.every((r) => Number(r.split(' ')[0]) % 2 === 1 && r.endsWith(' DELETE /projects/:project_id')));
  });
});
