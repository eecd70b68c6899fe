import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRolesInput } from '@keyfob/shared/credentials';

describe('parseRolesInput', () => {
  const ok = [
    { name: 'bare name', input: 'deploy', expected: [{ line: 1, role: 'deploy' }] },
    {
      name: 'settings, env and hyphenated key',
      input: 'reader mode=sts ttl=15m role-arn=arn:aws:iam::1:role/r | READER_',
      expected: [
        { line: 1, role: 'reader', method: 'sts', ttl: '15m', roleArn: 'arn:aws:iam::1:role/r', env: 'READER_' },
      ],
    },
    {
      name: 'comments, blank lines and CRLF keep line numbers',
      input: '# roles\r\n\r\nfirst\r\n  second mode=static-creds |aws  \r\n',
      expected: [
        { line: 3, role: 'first' },
        { line: 4, role: 'second', method: 'static-creds', env: 'aws' },
      ],
    },
    {
      name: 'session name with allowed punctuation',
      input: 'a.b@c role_session_name=ci+1',
      expected: [{ line: 1, role: 'a.b@c', roleSessionName: 'ci+1' }],
    },
  ];
  for (const c of ok) {
    it(`reads ${c.name}`, () => {
      const result = parseRolesInput(c.input);
      assert.deepEqual(result.problems, []);
      assert.deepEqual(result.value, c.expected);
    });
  }

  const bad = [
    { name: 'a bad role name', input: 'ok\n-bad', code: 'ROLES_INPUT_SYNTAX', line: 2 },
    { name: 'a word that is not key=value', input: 'deploy fast', code: 'ROLES_INPUT_SYNTAX', line: 1 },
    { name: 'an unknown key', input: 'deploy region=eu-west-1', code: 'ROLES_INPUT_UNKNOWN_KEY', line: 1 },
    { name: 'a key twice', input: 'deploy ttl=1h ttl=2h', code: 'ROLES_INPUT_DUPLICATE_KEY', line: 1 },
    { name: 'a bad mode', input: '\ndeploy mode=iam', code: 'ROLES_INPUT_SYNTAX', line: 2 },
    { name: 'two words after the bar', input: 'deploy | A B', code: 'ROLES_INPUT_SYNTAX', line: 1 },
    { name: 'an empty env after the bar', input: 'deploy |', code: 'ROLES_INPUT_SYNTAX', line: 1 },
  ];
  for (const c of bad) {
    it(`refuses ${c.name}`, () => {
      const result = parseRolesInput(c.input);
      assert.equal(result.problems.length, 1);
      const [problem] = result.problems;
      assert.equal(problem?.code, c.code);
      assert.equal(problem?.path, '/roles');
      assert.equal(problem?.data?.line, c.line);
      assert.match(problem?.message ?? '', new RegExp(`line ${c.line}`));
    });
  }

  it('refuses an input with only comments', () => {
    const result = parseRolesInput('# nothing\n\n');
    assert.deepEqual(
      result.problems.map((p) => p.code),
      ['ROLES_INPUT_EMPTY'],
    );
  });
});
