// How much of a shell command is read (shared/src/history/shell-commands.ts `commandAt`): a command's lines joined over
// `\` continuations are read whole up to MAX_COMMAND_SPAN characters (a curl with its headers and body is a few KB); a
// longer one is not read, so a run of continued long lines is not read again for each of its lines. Snippets written
// for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

/** A curl PATCH over continued lines, with `pad` header lines of about 8,000 characters between its method and URL. */
const patch = (pad: number): string =>
  [
    '#!/bin/sh',
    'curl -s \\',
    '  -X PATCH \\',
    ...Array.from({ length: pad }, (_, i) => `  -H "X-Pad-${i}: ${'a'.repeat(7_900)}" \\`),
    '  -H "Authorization: Bearer $TOKEN" \\',
    '  -d @tags.json \\',
    '  "https://app.terraform.io/api/v2/projects/$PID/tag-bindings"',
  ].join('\n');

const endpoints = (text: string): string[] =>
  scanText(text, { fileName: 'scripts/tags.sh' }).map((m) => `${m.line} ${m.subject.id}`);

describe("a shell command's lines read as one", () => {
  it('the method on another line than the URL is the command’s, up to 32,000 characters of its lines', () => {
    assert.deepEqual(endpoints(patch(0)), ['6 endpoint PATCH /projects/:project_id/tag-bindings']);
    assert.ok(patch(4).length > 31_000 && patch(4).length < 32_000);
    assert.deepEqual(endpoints(patch(4)), ['10 endpoint PATCH /projects/:project_id/tag-bindings']);
  });

  it('a longer command is not read: its method unknown, a path that GET and PATCH share says nothing', () => {
    assert.ok(patch(5).length > 32_000);
    assert.deepEqual(endpoints(patch(5)), []);
  });
});
