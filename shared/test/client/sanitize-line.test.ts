import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sanitizeLine } from '../../src/client/sanitize-line.ts';

const SECRET = 'sk/Hx81lqPz0Wq-secret-value';

describe('sanitizeLine', () => {
  const cases: { name: string; text: string; max?: number; want: string }[] = [
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
      text: `${'x'.repeat(10)}${SECRET}${'z'.repeat(20)}`,
      max: 12,
      want: `${'x'.repeat(10)}…`,
    },
    {
      name: 'a secret prefix an earlier cut left',
      text: `reason: ${SECRET.slice(0, 9)}… more`,
      want: 'reason: ***… more',
    },
  ];
  for (const c of cases) {
    it(c.name, () => assert.equal(sanitizeLine(c.text, [SECRET], c.max), c.want));
  }

  it('never returns a line break or a line longer than asked', () => {
    const out = sanitizeLine(`${'\n::x::'.repeat(1000)}${SECRET}`, [SECRET], 300);
    assert.ok(out.length <= 300 && !/[\r\n]/.test(out));
  });
});
