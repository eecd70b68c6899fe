import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CREDENTIAL_TYPES, didYouMean, fieldInfo, fieldsFor } from '@keyfob/shared/rules';
import { editDistance } from '../../src/text/edit-distance.ts';

describe('fieldInfo reads hover data from the schemas', () => {
  test('role_arns', () => {
    const info = fieldInfo('role', 'role_arns');
    assert.ok(info);
    assert.deepEqual(info.credentialTypes, ['assumed_role']);
    assert.equal(info.value, 'list');
    assert.match(info.markdown, /Required/);
    assert.deepEqual(info.default, []);
    assert.equal(info.otherTypes, 'prohibited');
    assert.match(info.seedRule ?? '', /seed 1/);
  });

  test('enterprise, deprecated, secret and enum flags', () => {
    assert.equal(fieldInfo('root-config', 'identity_token_audience')?.enterprise, true);
    assert.equal(fieldInfo('root-config', 'region')?.enterprise, false);
    assert.equal(fieldInfo('role', 'policy')?.deprecated, true);
    assert.equal(fieldInfo('root-config', 'secret_key')?.secret, true);
    assert.deepEqual(fieldInfo('role', 'credential_type')?.enum, CREDENTIAL_TYPES);
    assert.equal(fieldInfo('root-config', 'identity_token_ttl')?.default, 3600);
    assert.equal(fieldInfo('static-role', 'rotation_period')?.value, 'duration-or-seconds');
  });

  test('unknown fields and kinds of every resource', () => {
    assert.equal(fieldInfo('role', 'role_arn'), undefined);
    assert.ok(fieldInfo('lease-config', 'lease_max'));
    assert.ok(fieldInfo('credential-request', 'mfa_code'));
    assert.ok(fieldInfo('manifest', 'static_roles'));
  });
});

describe('fieldsFor lists what a credential type accepts', () => {
  const cases = [
    { type: 'session_token', fields: ['$schema', 'name', 'credential_type', 'mfa_serial_number'] },
    {
      type: 'iam_user',
      fields: [
        '$schema',
        'name',
        'credential_type',
        'policy_arns',
        'policy_document',
        'iam_groups',
        'iam_tags',
        'user_path',
        'permissions_boundary_arn',
        'narrow',
      ],
    },
    {
      type: 'assumed_role',
      fields: [
        '$schema',
        'name',
        'credential_type',
        'role_arns',
        'policy_arns',
        'policy_document',
        'iam_groups',
        'default_sts_ttl',
        'max_sts_ttl',
        'session_tags',
        'external_id',
        'narrow',
      ],
    },
    {
      type: 'federation_token',
      fields: [
        '$schema',
        'name',
        'credential_type',
        'policy_arns',
        'policy_document',
        'iam_groups',
        'default_sts_ttl',
        'max_sts_ttl',
        'narrow',
      ],
    },
  ];
  for (const c of cases) test(c.type, () => assert.deepEqual(fieldsFor('role', c.type), c.fields));

  test('without a type (or an unknown one) every field, legacy included', () => {
    assert.ok(fieldsFor('role').includes('policy'));
    assert.deepEqual(fieldsFor('role', 'nope'), fieldsFor('role'));
    assert.deepEqual(fieldsFor('lease-config'), ['$schema', 'lease', 'lease_max']);
  });
});

describe('did you mean', () => {
  const cases: [string, string[], string | undefined][] = [
    ['role_arn', ['role_arns', 'policy_arns'], 'role_arns'],
    ['assume_role', [...CREDENTIAL_TYPES], 'assumed_role'],
    ['IAM-USER', [...CREDENTIAL_TYPES], 'iam_user'],
    ['credential_types', ['credential_type', 'name'], 'credential_type'],
    ['ttl', ['default_sts_ttl', 'max_sts_ttl'], undefined],
    ['zzzzzzzz', ['role_arns'], undefined],
  ];
  for (const [word, candidates, expected] of cases)
    test(word, () => assert.equal(didYouMean(word, candidates), expected));

  test('edit distance counts a transposition as one edit', () => {
    assert.equal(editDistance('ab', 'ba'), 1);
    assert.equal(editDistance('kitten', 'sitting'), 3);
    assert.equal(editDistance('', 'abc'), 3);
  });
});
