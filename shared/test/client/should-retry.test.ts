import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shouldRetry } from '@keyfob/shared/client';
import type { EngineErrorCode } from '../../src/client/engine-error.ts';

describe('shouldRetry', () => {
  const statuses: [number, boolean][] = [
    [400, false],
    [401, false],
    [403, false],
    [404, false],
    [405, false],
    [408, false],
    [409, false],
    [412, true],
    [413, false],
    [415, false],
    [422, false],
    [429, true],
    [500, true],
    [501, true],
    [502, true],
    [503, true],
    [504, true],
    [599, true],
  ];
  for (const [status, expected] of statuses) {
    it(`${expected ? 'retries' : 'does not retry'} HTTP ${status}`, () => {
      assert.equal(shouldRetry({ code: 'ENGINE_HTTP', status, networkCode: undefined }), expected);
    });
  }

  const others: { name: string; code: EngineErrorCode; networkCode?: string; expected: boolean }[] = [
    { name: 'a refused connection', code: 'ENGINE_NETWORK', networkCode: 'ECONNREFUSED', expected: true },
    { name: 'a reset connection', code: 'ENGINE_NETWORK', networkCode: 'ECONNRESET', expected: true },
    { name: 'a network error without code', code: 'ENGINE_NETWORK', expected: true },
    {
      name: 'a refused certificate',
      code: 'ENGINE_NETWORK',
      networkCode: 'DEPTH_ZERO_SELF_SIGNED_CERT',
      expected: false,
    },
    { name: 'a per-request timeout', code: 'ENGINE_TIMEOUT', expected: true },
    { name: 'the overall timeout', code: 'ENGINE_TOTAL_TIMEOUT', expected: false },
    { name: 'an abort', code: 'ENGINE_ABORTED', expected: false },
    { name: 'an unusable body', code: 'ENGINE_BAD_RESPONSE', expected: false },
    { name: 'a missing endpoint', code: 'ENGINE_UNSUPPORTED', expected: false },
    { name: 'an invalid name', code: 'ENGINE_INVALID_NAME', expected: false },
  ];
  for (const c of others) {
    it(`${c.expected ? 'retries' : 'does not retry'} ${c.name}`, () => {
      assert.equal(shouldRetry({ code: c.code, status: undefined, networkCode: c.networkCode }), c.expected);
    });
  }
});
