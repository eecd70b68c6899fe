// A search back kept to its bounds (shared/src/history/source-text.ts `lastIndexWithin`), which the readers that looked
// back with `lastIndexOf` and then dropped an answer too far back use now: the same answer as `lastIndexOf` kept to the
// bounds, at every pair of bounds of generated texts (a fixed seed: the same texts each run).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lastIndexWithin } from '../../src/history/source-text.ts';
import { seededRandom } from './seeded-random.ts';

/** `text.lastIndexOf(needle, to)`, or -1 when it starts before `from`: what each reader asked before. */
const expected = (text: string, needle: string, from: number, to: number): number => {
  if (to < 0) return -1;
  const at = text.lastIndexOf(needle, to);
  return at < Math.max(0, from) ? -1 : at;
};

describe('lastIndexWithin', () => {
  it("is lastIndexOf's answer when it lies within the bounds, else -1, for needles of one to six characters", () => {
    const random = seededRandom(0x1a57);
    for (let n = 0; n < 30; n++) {
      const text = Array.from(
        { length: 1 + Math.floor(random() * 60) },
        () => 'ab{"/\n'[Math.floor(random() * 6)],
      ).join('');
      for (const needle of ['a', '{', '"', 'ab', '\nab', 'ab{"/\n'])
        for (let from = -3; from <= text.length + 1; from++)
          for (let to = -2; to <= text.length + 2; to++)
            assert.equal(
              lastIndexWithin(text, needle, from, to),
              expected(text, needle, from, to),
              `${JSON.stringify(needle)} in ${JSON.stringify(text)} from ${from} to ${to}`,
            );
    }
  });
});
