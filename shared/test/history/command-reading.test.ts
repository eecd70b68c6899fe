// A shell command's words are read once a line when the line is asked about again (`commandAt`'s `Reading`): a long line
// of many URLs was read from its start for each of them, time growing with their count squared (15 s for a 100 KB line of
// paths; a minute for 800 KB of unclosed `$(`). The whole reading must answer every offset as a reading stopped there
// does: checked here offset by offset on commands with substitutions (nested, quoted, unclosed), pipes, `;`, strings
// left open, continuations and a here-document, against a fresh text's first ask (which reads up to the offset only).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Lines } from '../../src/history/lines.ts';
import { commandAt } from '../../src/history/shell-commands.ts';
import { scanText } from '@keyfob/shared/history';

const words = (found: readonly { text: string; start: number }[] | undefined): string =>
  found === undefined ? '-' : found.map((w) => `${w.start}:${w.text}`).join(' ');

/** Every offset's command read twice on one text (the second from the whole reading) beside a fresh first ask. */
function sameEverywhere(text: string, doubled = false): number {
  const shared = new Lines(text);
  let found = 0;
  // Each line asked once first, then every offset again: the second ask of a line reads it whole.
  for (let at = 0; at < text.length; at++) commandAt(text, shared, at, doubled);
  for (let at = 0; at < text.length; at++) {
    const first = words(commandAt(text, new Lines(text), at, doubled));
    const again = words(commandAt(text, shared, at, doubled));
    assert.equal(again, first, `offset ${at} (${JSON.stringify(text.slice(at, at + 12))})`);
    if (first !== '-') found++;
  }
  return found;
}

describe('history: a shell command read once a line answers every offset as a reading stopped there', () => {
  it('substitutions passed over, entered, nested, quoted and unclosed', () => {
    const texts = [
      'ws=$(curl -s -H "Authorization: Bearer $(cat token)" "$BASE/api/v2/workspaces/$(id "$1")") && echo "$ws" | jq .',
      'x=$(curl -X DELETE /api/v2/runs) y=$(curl -X POST "/api/v2/runs/$(echo $(date))/actions/apply"); z=1',
      'resp="$(curl -X PATCH "$url" -d "$(jq -n --arg n "$name" \'{data: {attributes: {name: $n}}}\')")"',
      'a $(curl /api/v2/runs $(curl /api/v2/plans $(curl -X DELETE /api/v2/applies)))',
      'x=$(curl /api/v2/runs x=$(curl /api/v2/plans ; curl -X POST /api/v2/workspaces',
      "echo '$(not a substitution)' | curl -X PUT /api/v2/vars; `curl /api/v2/teams` ; (curl -X DELETE /x)",
      'curl -X POST \\\n  -H "Content-Type: application/vnd.api+json" \\\n  --data \'{"data": \\\n  {"type": "runs"}}\' \\\n  "$TFE/api/v2/runs" | jq',
      'curl --data "{\n  \\"data\\": {}\n}" -X POST "$TFE/api/v2/workspaces/$W/vars" && curl -X DELETE "$TFE/api/v2/vars/$V"',
      'curl -X POST "$TFE/api/v2/runs" --data "$(cat <<EOF\n{"data": {"type": "runs"}}\nEOF\n)" | tee out',
      'curl -s "$TFE/api/v2/runs" --data \'{"data":',
    ];
    let found = 0;
    for (const text of texts) found += sameEverywhere(text);
    // (Not vacuous: most offsets are in some command.)
    assert.ok(found > 500, `${found} offsets read in a command`);
  });

  it("a shell inside another language's string, its `\\` doubled", () => {
    const text = 'sh """\n  curl -s -X DELETE \\\\\n    "$TFE/api/v2/runs/$(id)" | jq .\n"""';
    assert.ok(sameEverywhere(text, true) > 20);
  });

  it('a long line of many commands is read, and its URLs keep their methods', () => {
    // (As many as a line of at most MAX_LINE_LENGTH holds: 120, about 9,000 characters.)
    const line = Array.from(
      { length: 120 },
      (_, k) => `curl -s -X PATCH -d @v.json "https://app.terraform.io/api/v2/varsets/varset-${k}"`,
    ).join('; ');
    const ids = scanText(line, { languageId: 'shellscript' })
      .filter((m) => m.subject.type === 'endpoint')
      .map((m) => m.subject.id);
    assert.equal(ids.length, 120);
    assert.deepEqual(new Set(ids), new Set(['endpoint PATCH /varsets/:varset_id']));
  });

  it('a command of more words than a command line holds is not read', () => {
    const text = `curl -X DELETE ${Array.from({ length: 600 }, (_, k) => `/api/v2/runs/run-${k}`).join(' ')}`;
    const lines = new Lines(text);
    assert.equal(commandAt(text, lines, text.indexOf('/api')), undefined);
    assert.equal(commandAt(text, lines, text.lastIndexOf('/api')), undefined);
    const short = `curl -X DELETE ${Array.from({ length: 400 }, (_, k) => `/api/v2/runs/run-${k}`).join(' ')}`;
    assert.equal(commandAt(short, new Lines(short), short.indexOf('/api'))?.length, 403);
  });
});
