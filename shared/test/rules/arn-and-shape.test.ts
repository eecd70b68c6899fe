import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateRole, validateRootConfig } from '@keyfob/shared/rules';
import { checkIamArn } from '../../src/rules/arn.ts';

describe('checkIamArn', () => {
  const cases: [string, 'role' | 'policy', RegExp | undefined][] = [
    ['arn:aws:iam::123456789012:role/deploy', 'role', undefined],
    ['arn:aws-us-gov:iam::123456789012:role/a/b/deploy', 'role', undefined],
    ['arn:aws:iam::aws:policy/ReadOnlyAccess', 'policy', undefined],
    ['arn:aws:iam::aws:policy/service-role/AWSLambdaRole', 'policy', undefined],
    ['arn:aws:iam::aws:role/deploy', 'role', /not 12 digits/],
    ['arn:aws:iam::123456789012:policy/x', 'role', /policy ARN, not a role ARN/],
    ['arn:aws:sts::123456789012:role/x', 'role', /service is "sts"/],
    ['arn:aws:iam:us-east-1:123456789012:role/x', 'role', /empty region/],
    ['arn:azure:iam::123456789012:role/x', 'role', /partition/],
    ['arn:aws:iam::123456789012:role/', 'role', /resource/],
    ['arn:aws:iam::123456789012:role//deploy', 'role', /resource/],
    ['arn:aws:iam::aws:policy//ReadOnlyAccess', 'policy', /resource/],
    ['deploy', 'role', /form arn:/],
  ];
  for (const [arn, kind, fault] of cases) {
    test(`${kind} ${arn}`, () => {
      const found = checkIamArn(arn, kind);
      if (fault === undefined) assert.equal(found, undefined);
      else assert.match(found ?? '', fault);
    });
  }
});

describe('type errors name the expected type at the exact pointer', () => {
  const cases = [
    {
      name: 'null value',
      input: { credential_type: 'session_token', mfa_serial_number: null },
      path: '/mfa_serial_number',
      message: /has no value; give a string/,
    },
    {
      name: 'map where a list is expected',
      input: { credential_type: 'iam_user', policy_arns: { a: 1 } },
      path: '/policy_arns',
      message: /list of strings or a comma-separated string, not a map/,
    },
    {
      name: 'nested map value',
      input: {
        credential_type: 'assumed_role',
        role_arns: 'arn:aws:iam::123456789012:role/a',
        session_tags: { team: ['web'] },
      },
      path: '/session_tags/team',
      message: /session_tags value of "team" must be a string/,
    },
    {
      name: 'list credential type',
      input: { credential_type: ['iam_user'] },
      path: '/credential_type',
      message: /must be a string, not a list/,
    },
    {
      name: 'policy_document number',
      input: { credential_type: 'iam_user', policy_document: 5 },
      path: '/policy_document',
      message: /JSON policy text or an object/,
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const problem = validateRole(c.input).problems.find((p) => p.code === 'FIELD_TYPE');
      assert.equal(problem?.path, c.path);
      assert.equal(problem?.target, 'value');
      assert.match(problem?.message ?? '', c.message);
    });
  }

  test('a field with a type error is not judged again by rules', () => {
    const codes = validateRole({ credential_type: 'assumed_role', role_arns: 5 }).problems.map((p) => p.code);
    assert.deepEqual(codes, ['FIELD_TYPE']);
  });

  test('max_retries must be an integer', () => {
    const problem = validateRootConfig({ max_retries: 1.5 }).problems[0];
    assert.equal(problem?.code, 'FIELD_TYPE');
    assert.equal(problem?.path, '/max_retries');
  });

  test('unknown keys with and without a suggestion', () => {
    const problems = validateRole({ credential_type: 'session_token', mfa_serial: 'x', colour: 'blue' }).problems;
    assert.deepEqual(
      problems.map((p) => [p.code, p.path, p.severity, p.data?.suggestion]),
      [
        ['FIELD_UNKNOWN', '/mfa_serial', 'warning', 'mfa_serial_number'],
        ['FIELD_UNKNOWN', '/colour', 'warning', undefined],
      ],
    );
  });
});
