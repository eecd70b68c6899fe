import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeExpiration } from '../../src/credentials/expiration.ts';

const now = Date.parse('2026-03-01T10:00:00.000Z');

describe('computeExpiration', () => {
  const cases = [
    {
      name: 'explicit ISO 8601 wins',
      input: { now, expiration: '2026-03-02T00:00:00Z', leaseDurationSeconds: 60 },
      expected: '2026-03-02T00:00:00.000Z',
    },
    {
      name: 'RFC 3339 with nanoseconds is cut to milliseconds',
      input: { now, expiration: '2026-03-02T00:00:00.123456789Z' },
      expected: '2026-03-02T00:00:00.123Z',
    },
    {
      name: 'lease duration',
      input: { now, leaseDurationSeconds: 3600, ttlSeconds: 60 },
      expected: '2026-03-01T11:00:00.000Z',
    },
    {
      name: 'reported ttl when the lease says nothing',
      input: { now, leaseDurationSeconds: 0, ttlSeconds: 900 },
      expected: '2026-03-01T10:15:00.000Z',
    },
    {
      name: 'requested ttl as the last resort',
      input: { now, requestedTtlSeconds: 1800 },
      expected: '2026-03-01T10:30:00.000Z',
    },
    {
      name: 'garbage expiration falls through to the lease',
      input: { now, expiration: 'soon', leaseDurationSeconds: 60 },
      expected: '2026-03-01T10:01:00.000Z',
    },
    { name: 'nothing known', input: { now }, expected: undefined },
  ];
  for (const c of cases) {
    it(c.name, () => assert.equal(computeExpiration(c.input), c.expected));
  }
});
