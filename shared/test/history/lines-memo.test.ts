// The per-text memo the history readers share (shared/src/history/lines.ts `Lines.memo`, `Lines.memoAt`): each
// reader's data built once a text on its first ask, and its answers per place built once each, undefined included.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Lines, memoKey } from '../../src/history/lines.ts';

describe('Lines.memo and memoAt', () => {
  it("memo: a key's data is built on the first ask and kept for the text; another key, or another text, builds its own", () => {
    const key = memoKey<string[]>('test: built');
    const other = memoKey<string[]>('test: other');
    const lines = new Lines('a\nb\n');
    let builds = 0;
    const first = lines.memo(key, () => [`built ${++builds}`]);
    assert.equal(
      lines.memo(key, () => [`built ${++builds}`]),
      first,
    );
    assert.deepEqual(first, ['built 1']);
    assert.deepEqual(
      lines.memo(other, () => [`built ${++builds}`]),
      ['built 2'],
    );
    assert.deepEqual(
      new Lines('a\nb\n').memo(key, () => [`built ${++builds}`]),
      ['built 3'],
    );
  });

  it('memoAt: each place is built once, an undefined answer is kept as one, and places do not share answers', () => {
    const key = memoKey<Map<number, string | undefined>>('test: per place');
    const lines = new Lines('one\ntwo\nthree\n');
    const asked: number[] = [];
    const answer = (at: number): string | undefined => {
      asked.push(at);
      return at % 2 === 0 ? `even ${at}` : undefined;
    };
    for (const at of [4, 4, 3, 3, 0, 4, 3]) lines.memoAt(key, at, () => answer(at));
    assert.deepEqual(asked, [4, 3, 0], 'each place built on its first ask only, the odd (undefined) one too');
    assert.equal(
      lines.memoAt(key, 4, () => 'built again'),
      'even 4',
    );
    assert.equal(
      lines.memoAt(key, 3, () => 'built again'),
      undefined,
    );
    assert.equal(
      lines.memoAt(key, 8, () => 'new place'),
      'new place',
    );
    // The answers are the memo's data under the key: one map, by place.
    assert.deepEqual(
      [...lines.memo(key, () => new Map()).entries()],
      [
        [4, 'even 4'],
        [3, undefined],
        [0, 'even 0'],
        [8, 'new place'],
      ],
    );
  });
});
