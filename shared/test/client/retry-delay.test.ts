import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { retryDelay } from '@keyfob/shared/client';
import { parseRetryAfter } from '../../src/client/parse-retry-after.ts';
import type { RetryDelayInput } from '../../src/client/retry-delay.ts';

describe('retryDelay', () => {
  const base = { baseDelayMs: 250, maxDelayMs: 10_000 };
  const cases: { name: string; input: RetryDelayInput; expected: number }[] = [
    { name: 'attempt 1, random 0.5: half of 250', input: { ...base, attempt: 1, random: 0.5 }, expected: 125 },
    { name: 'attempt 2 doubles the ceiling', input: { ...base, attempt: 2, random: 0.5 }, expected: 250 },
    { name: 'attempt 4 with random near 1', input: { ...base, attempt: 4, random: 0.999 }, expected: 1998 },
    { name: 'random 0 gives no wait', input: { ...base, attempt: 3, random: 0 }, expected: 0 },
    { name: 'the ceiling stops at maxDelayMs', input: { ...base, attempt: 10, random: 0.5 }, expected: 5000 },
    {
      name: 'Retry-After replaces the backoff',
      input: { ...base, attempt: 1, random: 0.5, retryAfterMs: 3000 },
      expected: 3000,
    },
    {
      name: 'Retry-After is capped by maxDelayMs',
      input: { ...base, attempt: 1, random: 0.5, retryAfterMs: 60_000 },
      expected: 10_000,
    },
    {
      name: 'Retry-After 0 retries at once',
      input: { ...base, attempt: 1, random: 0.5, retryAfterMs: 0 },
      expected: 0,
    },
    {
      name: 'the remaining budget caps the backoff',
      input: { ...base, attempt: 8, random: 0.9, remainingMs: 700 },
      expected: 700,
    },
    {
      name: 'the remaining budget caps Retry-After',
      input: { ...base, attempt: 1, random: 0.5, retryAfterMs: 5000, remainingMs: 1200 },
      expected: 1200,
    },
    { name: 'fractions are floored', input: { baseDelayMs: 3, maxDelayMs: 100, attempt: 1, random: 0.5 }, expected: 1 },
  ];
  for (const c of cases) {
    it(c.name, () => assert.equal(retryDelay(c.input), c.expected));
  }
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  const cases: { name: string; value: string | null; expected: number | undefined }[] = [
    { name: 'seconds', value: '120', expected: 120_000 },
    { name: 'zero seconds', value: '0', expected: 0 },
    { name: 'fractional seconds', value: '1.5', expected: 1500 },
    { name: 'an HTTP date 30 s ahead', value: 'Wed, 01 Jan 2025 00:00:30 GMT', expected: 30_000 },
    { name: 'an HTTP date in the past', value: 'Tue, 31 Dec 2024 23:00:00 GMT', expected: 0 },
    { name: 'an absent header', value: null, expected: undefined },
    { name: 'an empty header', value: '  ', expected: undefined },
    { name: 'a negative number', value: '-5', expected: undefined },
    { name: 'garbage', value: 'soon', expected: undefined },
  ];
  for (const c of cases) {
    it(`reads ${c.name}`, () => assert.equal(parseRetryAfter(c.value, now), c.expected));
  }
});
