// A sticky pattern that begins with a literal word, tried at the word's places between two bounds
// (shared/src/history/line-start-defs.ts `wordMatches`): the same matches a global search set to the first bound gives
// for those starting before the second, which the readers asked before (payload-members' attribute objects). Checked
// at every pair of bounds over generated texts (a fixed seed: the same texts each run).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { wordMatches } from '../../src/history/line-start-defs.ts';
import { seededRandom } from './seeded-random.ts';

/** The global search's matches from `from` that start before `to`, as the readers' loops took them. */
function globalMatches(text: string, source: string, from: number, to: number): string[] {
  const pattern = new RegExp(source, 'g');
  pattern.lastIndex = Math.max(0, from);
  const out: string[] = [];
  for (let m = pattern.exec(text); m !== null && m.index < to; m = pattern.exec(text)) out.push(`${m.index}:${m[0]}`);
  return out;
}

describe('wordMatches', () => {
  it("gives a global search's matches between the bounds, each past the last one's end", () => {
    const random = seededRandom(0x3a7);
    const pieces = [
      'attrs',
      'attrs = 1',
      'x.attrs',
      'attrs["a"]',
      'attrs.b',
      'attrs: T =',
      '==',
      ' ',
      '\n',
      'attrsattrs',
    ];
    const sources = [
      '(?<![\\w$.])attrs[ \\t]*(?::[^=\\n;]{1,80})?=(?!=)',
      '(?<![\\w$.])attrs(?=\\[["\']|\\.[A-Za-z_])',
      'attrs(?:attrs)?',
    ];
    for (let n = 0; n < 40; n++) {
      const text = Array.from(
        { length: 1 + Math.floor(random() * 12) },
        () => pieces[Math.floor(random() * pieces.length)],
      ).join('');
      for (const source of sources)
        for (let from = -1; from <= text.length; from += 3)
          for (let to = from; to <= text.length + 1; to += 2)
            assert.deepEqual(
              wordMatches(text, 'attrs', new RegExp(source, 'y'), from, to).map((m) => `${m.index}:${m[0]}`),
              globalMatches(text, source, from, to),
              `${source} in ${JSON.stringify(text)} from ${from} to ${to}`,
            );
    }
  });
});
