import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { envNameList, resolveEnvNames } from '../../src/credentials/env-names.ts';

describe('resolveEnvNames', () => {
  const ok = [
    {
      name: 'cloud preset',
      input: 'cloud',
      expected: ['CLOUD_ACCESS_KEY', 'CLOUD_SECRET_KEY', 'CLOUD_SESSION_TOKEN', 'CLOUD_REGION'],
    },
    {
      name: 'aws preset, any case',
      input: 'AWS',
      expected: ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_REGION', 'AWS_DEFAULT_REGION'],
    },
    {
      name: 'prefix without underscore',
      input: 'DEPLOY',
      expected: ['DEPLOY_ACCESS_KEY', 'DEPLOY_SECRET_KEY', 'DEPLOY_SESSION_TOKEN', 'DEPLOY_REGION'],
    },
    {
      name: 'prefix with underscore',
      input: 'ci_',
      expected: ['ci_ACCESS_KEY', 'ci_SECRET_KEY', 'ci_SESSION_TOKEN', 'ci_REGION'],
    },
  ];
  for (const c of ok) {
    it(c.name, () => {
      const result = resolveEnvNames(c.input);
      assert.deepEqual(result.problems, []);
      assert.ok(result.value);
      assert.deepEqual(envNameList(result.value), c.expected);
    });
  }

  const bad = [
    { name: 'digit first', input: '1ST', code: 'ENV_NAME_INVALID' },
    { name: 'dash', input: 'MY-APP', code: 'ENV_NAME_INVALID' },
    { name: 'runner prefix', input: 'GITHUB_', code: 'ENV_NAME_RESERVED' },
    { name: 'runner prefix, lower case', input: 'runner', code: 'ENV_NAME_RESERVED' },
    { name: 'input prefix', input: 'INPUT', code: 'ENV_NAME_RESERVED' },
  ];
  for (const c of bad) {
    it(`refuses ${c.name}`, () => {
      const result = resolveEnvNames(c.input, 'env-names');
      assert.equal(result.value, undefined);
      assert.equal(result.problems[0]?.code, c.code);
      assert.equal(result.problems[0]?.path, '/env-names');
      assert.match(result.problems[0]?.message ?? '', /env-names/);
    });
  }
});
