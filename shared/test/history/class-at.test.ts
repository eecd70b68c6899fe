// The innermost class holding an offset (shared/src/history/class-spans.ts `classAt`), found by a binary search and a
// walk back along each span's previous longer-reaching one: the same answer as the walk over every span it replaced,
// for nested, sibling and overlapping spans, and for a list out of order (walked as it comes), over generated lists.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classAt, type ClassSpan } from '../../src/history/class-spans.ts';
import { seededRandom } from './seeded-random.ts';

/** The walk `classAt` made before: of the spans up to the first starting after `at`, the last holding it. */
const walked = (spans: readonly ClassSpan[], at: number): ClassSpan | undefined => {
  let found: ClassSpan | undefined;
  for (const span of spans) {
    if (span.start > at) break;
    if (at < span.end) found = span;
  }
  return found;
};

describe('classAt', () => {
  it('answers as the walk over every span, at every offset of generated lists', () => {
    const random = seededRandom(0xc1a55);
    for (let n = 0; n < 200; n++) {
      const count = Math.floor(random() * 30);
      const spans: ClassSpan[] = [];
      let start = 0;
      for (let k = 0; k < count; k++) {
        start += Math.floor(random() * 20);
        // Nested (short), siblings, and spans reaching past later ones (overlapping, not nested).
        const end = start + 1 + Math.floor(random() * (random() < 0.3 ? 200 : 25));
        spans.push({ start, end, name: `C${k}`, parents: [] });
      }
      // A few lists out of their starts' order.
      if (n % 10 === 9 && spans.length > 2) spans.reverse();
      for (let at = -1; at < start + 230; at++)
        assert.equal(classAt(spans, at), walked(spans, at), `offset ${at} of ${JSON.stringify(spans)}`);
    }
  });
});
