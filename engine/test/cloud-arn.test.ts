import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isPolicyArn, parseRoleArn } from '../src/cloud/arn.ts';

describe("the emulated cloud's ARN reading: a role or policy path is / or /x.../, never //", () => {
  const roles: [string, { path: string; name: string } | undefined][] = [
    ['arn:aws:iam::123456789012:role/deploy', { path: '/', name: 'deploy' }],
    ['arn:aws:iam::123456789012:role/ci/prod/deploy', { path: '/ci/prod/', name: 'deploy' }],
    ['arn:aws:iam::123456789012:role//deploy', undefined],
    ['arn:aws:iam::123456789012:role/', undefined],
    ['arn:aws:iam::12345678901:role/deploy', undefined],
  ];
  for (const [arn, expected] of roles) {
    it(arn, () => {
      const parts = parseRoleArn(arn);
      assert.deepEqual(parts && { path: parts.path, name: parts.name }, expected);
    });
  }
  const policies: [string, boolean][] = [
    ['arn:aws:iam::aws:policy/ReadOnlyAccess', true],
    ['arn:aws:iam::aws:policy/service-role/AWSLambdaRole', true],
    ['arn:aws:iam::aws:policy//ReadOnlyAccess', false],
  ];
  for (const [arn, valid] of policies) it(arn, () => assert.equal(isPolicyArn(arn), valid));
});
