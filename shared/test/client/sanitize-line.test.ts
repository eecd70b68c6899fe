import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sanitizeLine } from '../../src/client/sanitize-line.ts';

const SECRET = 'sk/Hx81lqPz0Wq-secret-value';

describe('sanitizeLine', () => {
  const cases: { name: string; text: string; secrets?: string[]; max?: number; want: string }[] = [
    {
      name: 'plain text stays',
      text: 'GET /v1/x failed (HTTP 503: sealed)',
      want: 'GET /v1/x failed (HTTP 503: sealed)',
    },
    { name: 'line breaks of every kind', text: 'a\nb\r\nc\rd\u2028e\u2029f\u0085g', want: 'a ⏎ b ⏎ c ⏎ d ⏎ e ⏎ f ⏎ g' },
    { name: 'a command at the start', text: '::stop-commands::x', want: '› ::stop-commands::x' },
    { name: 'a command after white space', text: '  ::add-mask::y', want: '  › ::add-mask::y' },
    { name: 'the older command form', text: '##[add-mask]y', want: '› ##[add-mask]y' },
    { name: 'a command after a line break', text: 'x\n::add-mask::y', want: 'x ⏎ ::add-mask::y' },
    { name: 'terminal escapes and NUL', text: 'a\u001b[2Jb\u0000c\td', want: 'a\uFFFD[2Jb\uFFFDc d' },
    { name: 'a known secret', text: `echo ${SECRET} done`, want: 'echo *** done' },
    {
      name: 'a secret redacted before the cut',
      text: `${'x'.repeat(10)}${SECRET}tail`,
      max: 20,
      want: `${'x'.repeat(10)}***tail`,
    },
    {
      name: 'a cut never splits ***',
      text: `see ${'x'.repeat(10)}${SECRET}${'z'.repeat(20)}`,
      max: 16,
      want: 'see …',
    },
    {
      name: 'a cut never leaves part of a word (a secret nobody told us about)',
      text: `denied for ${SECRET} by policy`,
      secrets: [],
      max: 20,
      want: 'denied for …',
    },
    {
      name: 'a cut after a whole word keeps it',
      text: 'the engine is sealed now',
      max: 22,
      want: 'the engine is sealed …',
    },
    {
      name: 'a secret prefix before a "..." mark',
      text: `reason: ${SECRET.slice(0, 5)}... more`,
      want: 'reason: ***... more',
    },
    {
      name: 'a secret prefix that ends the text (a cut without a mark)',
      text: `reason: x${SECRET.slice(0, 10)}`,
      want: 'reason: x***',
    },
    {
      name: 'a short secret prefix at the end is not identifying',
      text: `reason: ${SECRET.slice(0, 5)}`,
      want: `reason: ${SECRET.slice(0, 5)}`,
    },
    {
      name: 'a secret prefix an earlier cut left',
      text: `reason: ${SECRET.slice(0, 9)}… more`,
      want: 'reason: ***… more',
    },
  ];
  for (const c of cases) {
    it(c.name, () => assert.equal(sanitizeLine(c.text, c.secrets ?? [SECRET], c.max), c.want));
  }

  it('never returns a line break or a line longer than asked', () => {
    const out = sanitizeLine(`${'\n::x::'.repeat(1000)}${SECRET}`, [SECRET], 300);
    assert.ok(out.length <= 300 && !/[\r\n]/.test(out));
  });
});
