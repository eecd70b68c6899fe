import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseAccountIds } from '../../src/credentials/account-ids.ts';

describe('parseAccountIds', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => String(100000000000 + i)).join(',');
  const cases: { name: string; text: string; value?: string[]; problem?: RegExp }[] = [
    { name: 'empty is no list', text: '  ' },
    {
      name: 'commas, spaces and new lines',
      text: '123456789012, 210987654321\n111111111111',
      value: ['123456789012', '210987654321', '111111111111'],
    },
    { name: 'a repeat counts once', text: '123456789012,123456789012', value: ['123456789012'] },
    {
      name: 'eleven digits',
      text: '12345678901',
      problem: /allowed-account-ids: "12345678901" is not an AWS account id \(12 digits\)/,
    },
    {
      name: 'an ARN is not an id',
      text: 'arn:aws:iam::123456789012:root',
      problem: /"arn:aws:iam::123456789012:root" is not an AWS account id/,
    },
    { name: 'at most 100', text: ids(101), problem: /allowed-account-ids names 101 accounts; at most 100/ },
    { name: '100 pass', text: ids(100), value: ids(100).split(',') },
  ];
  for (const c of cases)
    it(c.name, () => {
      const parsed = parseAccountIds(c.text, 'allowed-account-ids');
      assert.deepEqual(parsed.value === undefined ? undefined : [...parsed.value], c.value);
      if (c.problem) {
        assert.equal(parsed.problems[0]?.code, 'INPUT_INVALID_VALUE');
        assert.equal(parsed.problems[0]?.path, '/allowed-account-ids');
        assert.match(parsed.problems[0]?.message ?? '', c.problem);
      } else assert.deepEqual(parsed.problems, []);
    });
});
