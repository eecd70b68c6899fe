import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeControls, quoted } from '../../src/text/index.ts';

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

describe('quoted and escapeControls: outside text inside a message', () => {
  it('keeps plain text as it is, in quotes', () => {
    assert.equal(quoted('deploy'), '"deploy"');
    assert.equal(escapeControls('deploy ci'), 'deploy ci');
  });

  it('writes line breaks, escape sequences and separators as escapes, so the text stays on its line', () => {
    const hostile = 'x\n::error::owned\r\t\u001b[31m\u007f\u0085\u2028\u2029';
    assert.equal(escapeControls(hostile), 'x\\n::error::owned\\r\\t\\u001b[31m\\u007f\\u0085\\u2028\\u2029');
    assert.doesNotMatch(quoted(hostile, 200), CONTROLS);
  });

  it('escapes quotes and backslashes, so the quotes end where the value ends', () => {
    assert.equal(quoted('a"b\\c'), '"a\\"b\\\\c"');
  });

  it('cuts before escaping (an escape is never cut in half), at characters not code units, with an ellipsis', () => {
    assert.equal(quoted('role\n::warning::x', 8), '"role\\n::…"');
    assert.equal(quoted('é'.repeat(3) + '😀'.repeat(5), 5), '"ééé😀…"');
    assert.equal(quoted('abcde', 5), '"abcde"');
  });
});
