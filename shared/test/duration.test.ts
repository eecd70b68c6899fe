import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDuration, parseDuration } from '@keyfob/shared/duration';

describe('parseDuration', () => {
  const ok: [unknown, number, object?][] = [
    ['90s', 90],
    ['30m', 1800],
    ['1h30m', 5400],
    ['1.5h', 5400],
    ['500ms', 0.5],
    ['3600', 3600],
    [3600, 3600, { allowInteger: true }],
    ['12h', 43200, { requireUnit: true }],
  ];
  for (const [input, seconds, options] of ok) {
    it(`reads ${JSON.stringify(input)} as ${seconds}s`, () => {
      const parsed = parseDuration(input, options);
      assert.deepEqual(parsed.problems, []);
      assert.equal(parsed.seconds, seconds);
    });
  }

  const bad: [unknown, string, object?, string?][] = [
    ['', 'DURATION_EMPTY'],
    ['abc', 'DURATION_SYNTAX'],
    ['1d', 'DURATION_BAD_UNIT', {}, '24h'],
    ['1d12h', 'DURATION_BAD_UNIT', {}, '36h'],
    ['5x', 'DURATION_BAD_UNIT'],
    ['3600', 'DURATION_MISSING_UNIT', { requireUnit: true }, '3600s'],
    ['1h30', 'DURATION_MISSING_UNIT'],
    [3600, 'DURATION_INTEGER_NOT_ALLOWED', {}, '3600s'],
    [-5, 'DURATION_NEGATIVE', { allowInteger: true }],
    ['-1h', 'DURATION_NEGATIVE'],
    [true, 'DURATION_NOT_A_DURATION'],
    ['1..5s', 'DURATION_SYNTAX'],
  ];
  for (const [input, code, options, replacement] of bad) {
    it(`refuses ${JSON.stringify(input)} with ${code}`, () => {
      const parsed = parseDuration(input, { path: '/ttl', ...options });
      assert.equal(parsed.seconds, undefined);
      assert.equal(parsed.problems[0]?.code, code);
      assert.equal(parsed.problems[0]?.path, '/ttl');
      assert.match(parsed.problems[0]?.message ?? '', /ttl/);
      if (replacement) assert.equal(parsed.problems[0]?.data?.['replacement'], replacement);
    });
  }
});

describe('formatDuration', () => {
  const cases: [number, string][] = [
    [1800, '30m0s'],
    [43200, '12h0m0s'],
    [90, '1m30s'],
    [5400, '1h30m0s'],
    [45, '45s'],
    [0, '0s'],
    [0.5, '500ms'],
    [2764800, '768h0m0s'],
  ];
  for (const [seconds, text] of cases) {
    it(`writes ${seconds}s as ${text}`, () => assert.equal(formatDuration(seconds), text));
  }
  it('round-trips through parseDuration', () => {
    for (const [seconds] of cases) assert.equal(parseDuration(formatDuration(seconds)).seconds, seconds);
  });
});
