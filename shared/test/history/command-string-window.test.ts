// A curl command written in another command's or language's string (shell-commands.ts stringCommand) is read in a window
// of the lines around its URL only: a window per string widened to its first and last lines (3385566e, reverted) kept
// up to 256 windows with their own line index per text (a 4.9 MB Python file of long lines: 2.58 GB resident) and
// reached a method word 55 lines above the URL (review v1 of session 20, items 2 and 4; made-up scripts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';
import { MAX_LINE_LENGTH } from '../../src/history/long-lines.ts';

const endpoints = (text: string, fileName: string): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

describe('history: a command string is read around its URL', () => {
  it("a -d of another program 51 lines above a bash -c string's continued command is not curl's data (x50.sh)", () => {
    const text = [
      '#!/bin/sh',
      './notify.sh -d "$DIR"',
      ...Array.from({ length: 50 }, (_, n) => `echo step ${n}`),
      'bash -c "curl -sf https://example.com/health \\',
      '  -o /dev/null \\',
      "  -w '%{http_code}' \\",
      '  --retry 3 \\',
      '  --max-time 10 \\',
      '  && ./notify.sh https://app.terraform.io/api/v2/projects/$PROJECT_ID"',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'x50.sh'), []);
  });

  it('long lines, each a list of ten curl -X DELETE strings and a long comment: every string its DELETE (wide.py)', () => {
    // (Lines up to MAX_LINE_LENGTH: a longer one is not read at all, long-lines.test.)
    const rows = (comment: number): string[] =>
      Array.from({ length: 20 }, (_, i) => {
        const cmds = Array.from(
          { length: 10 },
          (_, k) => `"curl -s -X DELETE https://app.terraform.io/api/v2/projects/prj-${i}-${k}"`,
        );
        return `cmds${i} = [${cmds.join(', ')}]  # ${'a'.repeat(comment)}`;
      });
    assert.deepEqual(endpoints(['import os', ...rows(48_000)].join('\n'), 'wide.py'), []);
    const found = endpoints(['import os', ...rows(MAX_LINE_LENGTH - 1_000)].join('\n'), 'wide.py');
    assert.equal(found.length, 200);
    assert.ok(found.every((r) => r.endsWith(' DELETE /projects/:project_id')));
    assert.deepEqual(found.slice(9, 11), [
      '2 endpoint DELETE /projects/:project_id',
      '3 endpoint DELETE /projects/:project_id',
    ]);
  });
});
