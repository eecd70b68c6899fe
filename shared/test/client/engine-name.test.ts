import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isValidEngineName } from '@keyfob/shared/client';

describe('isValidEngineName', () => {
  const cases: [string, boolean][] = [
    ['deploy', true],
    ['a', true],
    ['_', true],
    ['ci-deploy', true],
    ['ci.deploy@prod', true],
    ['A_1-b.c@d', true],
    ['', false],
    ['-deploy', false],
    ['deploy-', false],
    ['de ploy', false],
    ['de/ploy', false],
    ['.x', false],
    ['x@', false],
    ['rôle', false],
    ['a?b', false],
  ];
  for (const [name, expected] of cases) {
    it(`${expected ? 'accepts' : 'refuses'} ${JSON.stringify(name)}`, () =>
      assert.equal(isValidEngineName(name), expected));
  }
});
