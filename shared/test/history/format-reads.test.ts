// Format calls whose template opens with a placeholder filled by a base (value-flow.ts formatBases): at most
// MAX_FORMATS (300) calls are READ per text (an unclosed call reads up to 1,000 characters of arguments), counted as
// reads, not as results; a call whose template cannot take a base (`'a{}/x'.format(`, `Sprintf("a%s`) is passed over
// by a look at its template's start before its arguments are read, and is not counted (review v1 item 5, fmt.go and
// fmt2.py: the cost is timed by the bench, not here).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Lines } from '../../src/history/lines.ts';
import { formatBases } from '../../src/history/value-flow.ts';

const read = (text: string, python: boolean): string[] =>
  formatBases(text, new Lines(text).markers, python).map((l) => l.text);
const repeat = (n: number, row: (i: number) => string): string => Array.from({ length: n }, (_, i) => row(i)).join('');
const URL = 'https://app.terraform.io/api/v2/organizations/{}/registry-modules';

describe('history: format calls read for a base are bounded by reads', () => {
  it('go: 300 unclosed Sprintf("%s… calls use up the reads; a later call is not read', () => {
    const head = 'package main\n\nconst orgURL = "https://app.terraform.io/api/v2/organizations"\n\nfunc f() {\n';
    const one = '\tu := fmt.Sprintf("%s/%s/registry-modules", orgURL, org)\n}\n';
    assert.deepEqual(read(head + one, false), [URL.replace('{}', '%s')]);
    const unclosed = repeat(300, (i) => `\tu${i} := fmt.Sprintf("%s/x${i}", base,\n`);
    assert.deepEqual(read(head + unclosed + one, false), []);
    // Calls whose template opens with no placeholder are not read, nor counted.
    const other = repeat(300, (i) => `\tu${i} := fmt.Sprintf("%d/x${i}", n,\n`);
    assert.deepEqual(read(head + other + one, false), [URL.replace('{}', '%s')]);
  });
  it("python: 300 unclosed 'a{}/x'.format( calls are passed over unread; a later call is read", () => {
    const head = 'base = "https://app.terraform.io/api/v2/organizations"\n';
    const one = 'url = "{}/{}/registry-modules".format(base, org)\n';
    assert.deepEqual(read(head + one, true), [URL]);
    const other = repeat(300, (i) => `u${i} = 'a{}/x${i}'.format(base,\n`);
    assert.deepEqual(read(head + other + one, true), [URL]);
    const unclosed = repeat(300, (i) => `u${i} = '{}/x${i}'.format(base,\n`);
    assert.deepEqual(read(head + unclosed + one, true), []);
  });
});
