// The scorer's line rule for a call written over several lines (real-clients-score.ts, callSpans): an expected
// endpoint labelled on the call's line is found by a report of it on the URL argument's line of the same call
// (and the other way round), judged on the label's line; a report after the call has closed, or on a line with
// labels of its own, is not. Texts written for these tests.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Match } from '@keyfob/shared/history';
import { scoreFiles } from './real-clients-score.ts';

const FILE = 'hook/callback.py';
const ID = 'endpoint PATCH :callback_url';
const report = (line: number): Match =>
  ({
    line,
    column: 5,
    text: 'url',
    subject: { id: ID, type: 'endpoint', name: 'PATCH :callback_url' },
  }) as unknown as Match;
const score = (text: string, labelLine: number, reportLine: number, extra: { line: number; subject: string }[] = []) =>
  scoreFiles(
    [FILE],
    new Map([
      [
        FILE,
        [
          { line: labelLine, label: 'expect' as const, subject: ID, construct: 'requests' },
          ...extra.map((e) => ({ ...e, label: 'expect' as const, construct: 'payload-key' })),
        ],
      ],
    ]),
    () => text,
    () => [report(reportLine)],
    () => 'python',
  ).total;

const OPEN = ['def send(url, body):', '    r = requests.patch(', '        url, json=body', '    )'].join('\n');
const CLOSED = ['def send(url, body):', '    r = requests.patch(body)', '    send_to(url)', ''].join('\n');

test('labelled on the call line, reported on its argument line: found, judged on the label line', () => {
  const t = score(OPEN, 2, 3);
  assert.deepEqual([t.found, t.reported, t.wrong, t.unlabelled], [1, 1, 0, 0]);
});

test('labelled on the argument line, reported on the call line: found', () => {
  assert.equal(score(OPEN, 3, 2).found, 1);
});

test('not found across a call that closed on its own line, nor on a line that has labels of its own', () => {
  assert.deepEqual([score(CLOSED, 2, 3).found, score(CLOSED, 2, 3).unlabelled], [0, 1]);
  assert.equal(score(OPEN, 2, 3, [{ line: 3, subject: 'attribute task-results status' }]).found, 0);
});
