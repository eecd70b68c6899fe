import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { secretParts } from '@keyfob/shared/credentials';

describe('secretParts', () => {
  const cases = [
    { name: 'one line', input: 'abc/def+123', expected: ['abc/def+123'] },
    {
      name: 'every line of a multi-line value',
      input: 'line-one\nline-two\n',
      expected: ['line-one\nline-two\n', 'line-one', 'line-two'],
    },
    {
      name: 'CRLF lines and indentation',
      input: '  first\r\nsecond',
      expected: ['  first\r\nsecond', '  first', 'first', 'second'],
    },
    { name: 'empty value skipped', input: '', expected: [] },
    { name: 'whitespace-only value skipped', input: ' \n ', expected: [] },
  ];
  for (const c of cases) {
    it(c.name, () => assert.deepEqual(secretParts(c.input), c.expected));
  }
});
