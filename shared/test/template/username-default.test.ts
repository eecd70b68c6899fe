import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_USERNAME_TEMPLATE, renderUsername, type TemplateDeps } from '@keyfob/shared/template';
import { pick, seededRandom as seeded, type Random } from '../../../test/helpers/seeded-random.ts';

// renderUsername draws the default template's name without the template engine (it runs on every
// request). The same text through the engine: the default with an empty action appended, which no
// shortcut recognises.
const THROUGH_ENGINE = `${DEFAULT_USERNAME_TEMPLATE}{{ "" }}`;

/** Deps drawing from `seed`, with a log of every call, so both renderings can be compared call by call. */
function recordingDeps(seed: number, time: number): { deps: TemplateDeps; calls: string[] } {
  const next = seeded(seed);
  const calls: string[] = [];
  return {
    calls,
    deps: {
      now: () => {
        calls.push('now');
        return new Date(time);
      },
      randomInt: (max) => {
        calls.push(`random ${max}`);
        return Math.floor(next() * max);
      },
    },
  };
}

const PIECES = [
  'a',
  'Z',
  '9',
  '-',
  '_',
  '.',
  '@',
  '+',
  '=',
  ',',
  ' ',
  '/',
  ':',
  'é',
  '日本',
  '😀',
  '\ud800',
  '\n',
  '{{',
  '%s',
];

function name(next: Random): string {
  let out = '';
  const length = Math.floor(next() * 40);
  for (let i = 0; i < length; i++) out += pick(next, PIECES);
  return out;
}

describe('the default username template without the template engine', () => {
  it('gives the template engine’s name, with the same clock and random calls, on 3,000 inputs', () => {
    const next = seeded(21);
    const times = [0, 1_717_243_200_123, 9_999_999_999_999, -1_000, 4_102_444_800_000];
    for (let i = 0; i < 3000; i++) {
      const credentialType = ['iam_user', 'assumed_role', 'federation_token'][i % 3] ?? 'iam_user';
      const input = { credentialType, displayName: name(next), roleName: name(next) };
      const time = times[i % times.length] ?? 0;
      for (const text of [undefined, '', DEFAULT_USERNAME_TEMPLATE]) {
        const shortcut = recordingDeps(i, time);
        const engine = recordingDeps(i, time);
        const got = renderUsername(text, input, shortcut.deps);
        assert.deepEqual(got, renderUsername(THROUGH_ENGINE, input, engine.deps), JSON.stringify(input));
        assert.deepEqual(shortcut.calls, engine.calls, JSON.stringify(input));
        assert.equal(got.ok, true);
      }
    }
  });
});
