// GitHub client route-string requests (`octokit.request('PATCH /projects/{id}')`), which other-api.ts leaves to
// another API: `routeCalls` finds them by a native search for `.request(` and `.paginate(` and a receiver read back by
// hand, where the scan once searched a pattern starting with `[\w$.]*` (a try at every character of every word). The
// same finds as that pattern, over generated texts of the pieces it turns on (a fixed seed: the same texts each run).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { routeCalls } from '../../src/history/other-api.ts';
import { scanText } from '../../src/history/index.ts';
import { seededRandom } from './seeded-random.ts';

/** The pattern the scan searched before: group 1 the receiver, group 2 the quote. */
const PATTERN = /([\w$.]*)\.(?:request|paginate)\([ \t\n]*(["'`])(?:GET|POST|PUT|PATCH|DELETE|HEAD)[ \t]+\//g;

const byPattern = (text: string): { index: number; receiver: string; quote: string; end: number }[] =>
  [...text.matchAll(PATTERN)].map((m) => ({
    index: m.index,
    receiver: m[1] ?? '',
    quote: m[2] ?? '',
    end: m.index + m[0].length,
  }));

describe('routeCalls', () => {
  it("gives the pattern's finds (start, receiver, quote, end) over texts of receivers, dots, calls and routes", () => {
    const random = seededRandom(0x0c70);
    const pieces = [
      'octokit',
      'github',
      '$gh',
      'a.b',
      '.',
      '..',
      '.request(',
      '.paginate(',
      '.request',
      '(',
      '"GET /',
      "'PATCH /repos",
      '`DELETE\t/',
      ' \n ',
      'POST /',
      '"HEAD  /x"',
      '"get /',
      ')',
      ' ',
      '/',
      '-',
      'x_1',
    ];
    let finds = 0;
    for (let n = 0; n < 3_000; n++) {
      const text = Array.from(
        { length: 1 + Math.floor(random() * 14) },
        () => pieces[Math.floor(random() * pieces.length)],
      ).join('');
      const expected = byPattern(text);
      finds += expected.length;
      assert.deepEqual(routeCalls(text), expected, JSON.stringify(text));
    }
    // The texts hold finds of every form, not only misses (a generator that never made one would pass anything).
    assert.ok(finds > 300, `only ${finds} finds in the generated texts`);
  });

  it('finds calls one after another, a find never starting inside the one before', () => {
    const text = 'await github.paginate("GET /orgs/{org}/repos"); x.y.request(`PATCH /projects/${id}`, {});';
    assert.deepEqual(routeCalls(text), byPattern(text));
    assert.deepEqual(
      routeCalls(text).map((c) => c.receiver),
      ['github', 'x.y'],
    );
  });

  it("leaves a GitHub client's route request to GitHub in a scanned file, and this API's request annotated", () => {
    const text = [
      "import { Octokit } from '@octokit/rest';",
      'const octokit = new Octokit();',
      "await octokit.request('PATCH /projects/{project_id}', { project_id: id, name: 'x' });",
      'await fetch(`https://app.terraform.io/api/v2/projects/${id}`, { method: "PATCH" });',
    ].join('\n');
    const lines = scanText(text, { fileName: 'sync.ts' }).map((m) => text.slice(0, m.start).split('\n').length);
    assert.ok(!lines.includes(3), `the octokit route is GitHub's, not annotated: lines ${lines.join(', ')}`);
    assert.ok(lines.includes(4), `this API's PATCH /projects/{id} is annotated: lines ${lines.join(', ')}`);
  });
});
