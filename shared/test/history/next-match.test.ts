// The leftmost match at or after a place, its search kept across asks (shared/src/history/source-text.ts `NextMatch`),
// which the readers that ran a global pattern from each ask use now: the same match as a search begun at the place,
// for asks rising, falling and repeated over generated texts (a fixed seed: the same texts each run).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NextMatch } from '../../src/history/source-text.ts';
import { seededRandom } from './seeded-random.ts';

/** A search begun at `from`: what each reader asked before. */
const fresh = (text: string, pattern: RegExp, from: number): [number, string] | null => {
  const re = new RegExp(pattern.source, pattern.flags);
  re.lastIndex = from;
  const m = re.exec(text);
  return m === null ? null : [m.index, m[0]];
};

describe('NextMatch', () => {
  it('answers as a search begun at the place, whatever the asks before it', () => {
    const random = seededRandom(0x3e37);
    const patterns = [/\[Route\("[^"\n]*"\)/g, /^[ \t]*ab+/gm, /b(?=a)|ca/g, /\bab\b/g];
    const pieces = ['a', 'b', 'c', ' ', '\n', '[Route("x")', 'ab', 'ba'];
    for (let n = 0; n < 40; n++) {
      const text = Array.from(
        { length: 20 + Math.floor(random() * 200) },
        () => pieces[Math.floor(random() * pieces.length)],
      ).join('');
      for (const pattern of patterns) {
        const next = new NextMatch(text, pattern);
        let at = 0;
        for (let ask = 0; ask < 60; ask++) {
          // Mostly rising, with steps back and repeats.
          const step = random();
          at = Math.max(
            0,
            Math.min(
              text.length + 2,
              step < 0.2 ? at - Math.floor(random() * 30) : step < 0.3 ? at : at + Math.floor(random() * 20),
            ),
          );
          const m = next.at(at);
          assert.deepEqual(
            m === null ? null : [m.index, m[0]],
            fresh(text, pattern, at),
            `${pattern} at ${at} of ${JSON.stringify(text)}`,
          );
        }
      }
    }
  });

  it('walks the matches in order when each ask starts at the last match’s end', () => {
    const text = 'x [Route("a")] y [Route("b")]\n[Route("c")]';
    const next = new NextMatch(text, /\[Route\("([^"\n]*)"\)/g);
    const seen: string[] = [];
    for (let m = next.at(0); m !== null; m = next.at(m.index + m[0].length)) seen.push(m[1]!);
    assert.deepEqual(seen, ['a', 'b', 'c']);
  });
});
