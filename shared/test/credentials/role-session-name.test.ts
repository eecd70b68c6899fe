import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultRoleSessionName, sanitizeRoleSessionName } from '../../src/credentials/role-session-name.ts';

describe('defaultRoleSessionName', () => {
  const cases = [
    {
      name: 'repo, run id and attempt',
      input: { repository: 'octo/app', runId: '42', runAttempt: '3' },
      expected: 'gh-octo.app-42-3',
    },
    {
      name: 'missing attempt counts as 1',
      input: { repository: 'octo/app', runId: '42' },
      expected: 'gh-octo.app-42-1',
    },
    { name: 'no context at all', input: {}, expected: 'keyfob-local' },
    {
      name: 'odd characters replaced',
      input: { repository: 'o ct/a#p', runId: '7', runAttempt: '1' },
      expected: 'gh-o_ct.a_p-7-1',
    },
  ];
  for (const c of cases) {
    it(c.name, () => assert.equal(defaultRoleSessionName(c.input), c.expected));
  }

  it('shortens the repository, never the run id and attempt, to stay within 64 characters', () => {
    const name = defaultRoleSessionName({ repository: `org/${'r'.repeat(80)}`, runId: '12345678901', runAttempt: '2' });
    assert.equal(name.length, 64);
    assert.match(name, /^gh-org\.r+-12345678901-2$/);
  });
});

describe('sanitizeRoleSessionName', () => {
  const cases = [
    {
      name: 'allowed characters kept',
      input: 'ci+deploy=1,a.b@c-d_e',
      expected: { value: 'ci+deploy=1,a.b@c-d_e', replaced: false, truncated: false },
    },
    {
      name: 'slash and space replaced',
      input: 'octo/app run',
      expected: { value: 'octo_app_run', replaced: true, truncated: false },
    },
    { name: 'cut to 64', input: 'x'.repeat(70), expected: { value: 'x'.repeat(64), replaced: false, truncated: true } },
    {
      name: 'both',
      input: `${'y'.repeat(63)}/z`,
      expected: { value: `${'y'.repeat(63)}_`, replaced: true, truncated: true },
    },
  ];
  for (const c of cases) {
    it(c.name, () => assert.deepEqual(sanitizeRoleSessionName(c.input), c.expected));
  }
});
