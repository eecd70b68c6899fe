// The scorer's rule for JSON:API type strings (real-clients-score.ts): the labelled sets label no type strings, so
// a type string reported as its resource on a line whose labels are about something else is counted with the
// unlabelled reports; a row naming that resource, or a report that is not the bare type string, is still judged.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Match } from '@keyfob/shared/history';
import { scoreFiles } from './real-clients-score.ts';

const FILE = 'client/payload.py';
const report = (text: string): Match =>
  ({
    line: 1,
    column: 10,
    text,
    subject: { id: 'resource - workspaces', type: 'resource', name: 'workspaces' },
  }) as unknown as Match;
const labels = (subject: string) =>
  new Map([[FILE, [{ line: 1, label: 'never' as const, subject, construct: 'payload-key' }]]]);
const score = (subject: string, text: string) =>
  scoreFiles(
    [FILE],
    labels(subject),
    () => '',
    () => [report(text)],
    () => 'python',
  ).total;

test('a type string on a line labelled for something else is unlabelled, not wrong', () => {
  const t = score('attribute projects name', '"workspaces"');
  assert.deepEqual([t.reported, t.wrong, t.unlabelled], [0, 0, 1]);
});

test('a row naming the resource still judges the type string', () => {
  const t = score('resource - workspaces', '"workspaces"');
  assert.deepEqual([t.reported, t.wrong, t.unlabelled], [1, 1, 0]);
});

test('a resource report that is not the bare type string is judged by the line', () => {
  const t = score('attribute projects name', '/workspaces');
  assert.deepEqual([t.reported, t.wrong, t.unlabelled], [1, 1, 0]);
});
