// A wrapper of curl (a program the text gives curl's method or body flags somewhere) sends curl's default, GET, when a
// command gives it none (shell-commands.ts takesCurlFlags). The programs given flags are read once per text: a search
// of the whole text per command made a Makefile of distinct wrappers quadratic (made-up recipes).
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

function bestMs(text: string): number {
  let best = Infinity;
  for (let r = 0; r < 3; r++) {
    const t = performance.now();
    scanText(text, { fileName: 'Makefile' });
    best = Math.min(best, performance.now() - t);
  }
  return best;
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

  it('4 times the lines of distinct wrappers cost about 4 times the time, not 16 (main: 171 -> 2,545 ms)', () => {
    bestMs(makefile(400));
    const small = bestMs(makefile(4_000));
    const large = bestMs(makefile(16_000));
    assert.ok(large / small < 8, `${Math.round(small)} ms -> ${Math.round(large)} ms`);
  });
});
