// The TTL of a token made by auth/token/create, as the real engine computes it: a table of
// inputs and the TTL, warnings or refusal each gets.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tokenTtl, type TokenTtlInput } from '../src/auth/token-ttl.ts';

const H = 3600;
const SYSTEM = { systemDefault: 768 * H, systemMax: 768 * H };
const capped = (asked: string, allowed: string): string =>
  `TTL of "${asked}" exceeded the effective max_ttl of "${allowed}"; TTL value is capped accordingly`;

describe('tokenTtl', () => {
  const cases: [string, Omit<TokenTtlInput, 'systemDefault' | 'systemMax'>, ReturnType<typeof tokenTtl>][] = [
    [
      'no ttl: the system default',
      { ttl: undefined, explicitMaxTtl: undefined, root: false, parentTtl: 0 },
      { ttl: 768 * H, warnings: [] },
    ],
    [
      'a ttl under the maximum is kept',
      { ttl: 2 * H, explicitMaxTtl: undefined, root: false, parentTtl: 0 },
      { ttl: 2 * H, warnings: [] },
    ],
    [
      'exactly the system maximum: no warning',
      { ttl: 768 * H, explicitMaxTtl: undefined, root: false, parentTtl: 0 },
      { ttl: 768 * H, warnings: [] },
    ],
    [
      'past the system maximum: capped with the warning',
      { ttl: 1000 * H, explicitMaxTtl: undefined, root: false, parentTtl: 0 },
      { ttl: 768 * H, warnings: [capped('1000h0m0s', '768h0m0s')] },
    ],
    [
      'explicit_max_ttl under the ttl caps it',
      { ttl: 2 * H, explicitMaxTtl: H, root: false, parentTtl: 0 },
      { ttl: H, warnings: [capped('2h0m0s', '1h0m0s')] },
    ],
    [
      'explicit_max_ttl caps the default too',
      { ttl: undefined, explicitMaxTtl: H, root: false, parentTtl: 0 },
      { ttl: H, warnings: [capped('768h0m0s', '1h0m0s')] },
    ],
    [
      'explicit_max_ttl over the system maximum does not raise it',
      { ttl: 1000 * H, explicitMaxTtl: 2000 * H, root: false, parentTtl: 0 },
      { ttl: 768 * H, warnings: [capped('1000h0m0s', '768h0m0s')] },
    ],
    [
      "a parent's shorter TTL does not cap the child",
      { ttl: 10 * H, explicitMaxTtl: undefined, root: false, parentTtl: H },
      { ttl: 10 * H, warnings: [] },
    ],
    [
      'root without ttl from a non-expiring parent never expires',
      { ttl: undefined, explicitMaxTtl: undefined, root: true, parentTtl: 0 },
      { ttl: 0, warnings: [] },
    ],
    [
      'root with a ttl is capped like any token',
      { ttl: 1000 * H, explicitMaxTtl: undefined, root: true, parentTtl: 0 },
      { ttl: 768 * H, warnings: [capped('1000h0m0s', '768h0m0s')] },
    ],
    [
      'root without ttl is still bound by explicit_max_ttl',
      { ttl: undefined, explicitMaxTtl: H, root: true, parentTtl: 0 },
      { ttl: H, warnings: [] },
    ],
    [
      'an expiring parent cannot make a non-expiring root token',
      { ttl: undefined, explicitMaxTtl: undefined, root: true, parentTtl: H },
      { error: 'expiring root tokens cannot create non-expiring root tokens' },
    ],
    [
      'an expiring parent can make an expiring root token',
      { ttl: 30 * 60, explicitMaxTtl: undefined, root: true, parentTtl: H },
      { ttl: 30 * 60, warnings: [] },
    ],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => assert.deepEqual(tokenTtl({ ...input, ...SYSTEM }), expected));
  }
});
