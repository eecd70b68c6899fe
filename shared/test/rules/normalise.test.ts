import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  validateCredentialRequest,
  validateLeaseConfig,
  validateManifest,
  validateRole,
  validateRootConfig,
  validateStaticRole,
} from '@keyfob/shared/rules';

const ARN = 'arn:aws:iam::123456789012:role/deploy';
const ARN2 = 'arn:aws:iam::123456789012:role/audit';
const POLICY = 'arn:aws:iam::aws:policy/ReadOnlyAccess';

describe('validateRole normalises values', () => {
  test('comma strings are split and trimmed, "" is an empty list', () => {
    const { value: role, problems } = validateRole({
      credential_type: 'assumed_role',
      role_arns: ` ${ARN} ,${ARN2}`,
      policy_arns: '',
      iam_groups: 'a, b',
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(role?.roleArns, [ARN, ARN2]);
    assert.deepEqual(role?.policyArns, []);
    assert.deepEqual(role?.iamGroups, ['a', 'b']);
  });

  test('tags from key=value lists and maps (numbers become text)', () => {
    const { value: role } = validateRole({
      credential_type: 'iam_user',
      policy_arns: [POLICY],
      iam_tags: ['team=web', 'note=a=b'],
    });
    assert.deepEqual(role?.iamTags, { team: 'web', note: 'a=b' });
    const second = validateRole({
      credential_type: 'assumed_role',
      role_arns: ARN,
      session_tags: { cost: 42, on: true },
    });
    assert.deepEqual(second.value?.sessionTags, { cost: '42', on: 'true' });
  });

  test('durations become seconds; unset TTLs stay undefined', () => {
    const { value: role } = validateRole({
      credential_type: 'federation_token',
      policy_arns: POLICY,
      default_sts_ttl: '15m',
      max_sts_ttl: '1h30m',
    });
    assert.equal(role?.defaultStsTtl, 900);
    assert.equal(role?.maxStsTtl, 5400);
    const bare = validateRole({ credential_type: 'session_token' }).value;
    assert.equal(bare?.defaultStsTtl, undefined);
    assert.equal(bare?.maxStsTtl, undefined);
  });

  test('policy_document is compact JSON text, from text or from an object', () => {
    const text = validateRole({
      credential_type: 'iam_user',
      policy_document: '{ "Version" : "2012-10-17",\n "Statement": [] }',
    }).value;
    assert.equal(text?.policyDocument, '{"Version":"2012-10-17","Statement":[]}');
    const object = validateRole({
      credential_type: 'iam_user',
      policy_document: { Version: '2012-10-17', Statement: [] },
    }).value;
    assert.equal(object?.policyDocument, '{"Version":"2012-10-17","Statement":[]}');
  });

  test('unset fields are empty strings, lists and maps', () => {
    const role = validateRole({ credential_type: 'session_token' }, { name: 'break-glass' }).value;
    assert.deepEqual(role, {
      name: 'break-glass',
      credentialType: 'session_token',
      credentialTypes: ['session_token'],
      roleArns: [],
      policyArns: [],
      policyDocument: '',
      iamGroups: [],
      iamTags: {},
      sessionTags: {},
      externalId: '',
      userPath: '',
      permissionsBoundaryArn: '',
      mfaSerialNumber: '',
    });
  });

  test('the name key wins over the given name', () => {
    assert.equal(
      validateRole({ name: 'from-key', credential_type: 'session_token' }, { name: 'from-file' }).value?.name,
      'from-key',
    );
  });

  test('no role when any problem is an error; warnings keep it', () => {
    assert.equal(validateRole({ credential_type: 'iam_user' }).value, undefined);
    const warned = validateRole({ credential_type: 'session_token', iam_tags: { a: 'b' } });
    assert.equal(warned.problems[0]?.code, 'ROLE_FIELD_UNUSED');
    assert.ok(warned.value);
  });
});

describe('legacy roles are upgraded the way the engine does', () => {
  const cases = [
    {
      name: 'JSON policy',
      input: { policy: '{"Version":"2012-10-17", "Statement":[]}' },
      types: ['iam_user', 'federation_token'],
      field: 'policyDocument',
      value: '{"Version":"2012-10-17","Statement":[]}',
    },
    { name: 'policy ARN', input: { arn: POLICY }, types: ['iam_user'], field: 'policyArns', value: [POLICY] },
    { name: 'role ARN', input: { arn: ARN }, types: ['assumed_role'], field: 'roleArns', value: [ARN] },
  ] as const;
  for (const c of cases) {
    test(c.name, () => {
      const { value: role, problems } = validateRole(c.input);
      assert.deepEqual(
        problems.map((p) => p.code),
        ['ROLE_LEGACY_FIELD'],
      );
      assert.deepEqual(role?.credentialTypes, c.types);
      assert.deepEqual(role?.[c.field], c.value);
      assert.deepEqual(role?.legacy, c.input);
    });
  }
});

describe('other resources', () => {
  test('static role rotation_period in seconds from a string or an integer', () => {
    assert.equal(validateStaticRole({ username: 'svc', rotation_period: '1h30m' }).value?.rotationPeriod, 5400);
    assert.equal(validateStaticRole({ username: 'svc', rotation_period: 86400 }).value?.rotationPeriod, 86400);
    assert.equal(validateStaticRole({ username: 'svc', rotation_period: '120' }).value?.rotationPeriod, 120);
  });

  test('lease configuration in seconds', () => {
    assert.deepEqual(validateLeaseConfig({ lease: '30m', lease_max: '12h' }).value, { lease: 1800, leaseMax: 43200 });
  });

  test('root configuration defaults from the schema', () => {
    const { value: config } = validateRootConfig({
      region: 'eu-west-1',
      sts_fallback_endpoints: '',
      sts_fallback_regions: [],
    });
    assert.equal(config?.maxRetries, -1);
    assert.equal(config?.identityTokenTtl, 3600);
    assert.equal(config?.region, 'eu-west-1');
    assert.deepEqual(config?.stsFallbackEndpoints, []);
  });

  test('credential request: the only role ARN is filled in, session names truncated to 64', () => {
    const role = validateRole({ credential_type: 'assumed_role', role_arns: ARN }).value;
    assert.ok(role);
    const long = 'x'.repeat(70);
    const { value: request, problems } = validateCredentialRequest({ role_session_name: long, ttl: '15m' }, { role });
    assert.deepEqual(
      problems.map((p) => p.code),
      ['REQUEST_SESSION_NAME_TOO_LONG'],
    );
    assert.deepEqual(request, { roleArn: ARN, roleSessionName: 'x'.repeat(64), ttl: 900, mfaCode: '' });
  });

  test('credential request without a role checks only the parameters', () => {
    const { value: request, problems } = validateCredentialRequest({ role_arn: ARN, mfa_code: '123456' });
    assert.deepEqual(problems, []);
    assert.equal(request?.roleArn, ARN);
  });

  test('manifest entries take their map keys as names', () => {
    const { value: manifest, problems } = validateManifest({
      mount: 'cloud',
      roles: { deploy: { credential_type: 'assumed_role', role_arns: ARN } },
      static_roles: { svc: { username: 'svc', rotation_period: '1h' } },
      lease: { lease: '1h', lease_max: '2h' },
    });
    assert.deepEqual(problems, []);
    assert.equal(manifest?.roles.deploy?.name, 'deploy');
    assert.deepEqual(manifest?.staticRoles.svc, { name: 'svc', username: 'svc', rotationPeriod: 3600 });
    assert.deepEqual(manifest?.lease, { lease: 3600, leaseMax: 7200 });
    assert.equal(manifest?.root, undefined);
  });

  test('one bad manifest entry does not hide the others', () => {
    const { problems } = validateManifest({ roles: { a: [1], b: { credential_type: 'iam_user' } } });
    assert.deepEqual(
      problems.map((p) => [p.code, p.path]),
      [
        ['FIELD_TYPE', '/roles/a'],
        ['ROLE_POLICY_REQUIRED', '/roles/b/policy_arns'],
      ],
    );
  });
});

describe('inputs that are not objects', () => {
  const inputs: unknown[] = [null, undefined, 'credential_type: iam_user', 42, [{ credential_type: 'iam_user' }]];
  for (const input of inputs) {
    test(`${JSON.stringify(input) ?? 'undefined'}`, () => {
      for (const problems of [
        validateRole(input).problems,
        validateStaticRole(input).problems,
        validateRootConfig(input).problems,
        validateLeaseConfig(input).problems,
        validateCredentialRequest(input).problems,
        validateManifest(input).problems,
      ]) {
        assert.deepEqual(
          problems.map((p) => [p.code, p.path]),
          [['FIELD_TYPE', '']],
        );
      }
    });
  }
});

describe('secrets never appear in messages or data', () => {
  const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY';
  const access = 'AKIAIOSFODNN7EXAMPLE';
  const inputs = [
    { secret_key: secret },
    { access_key: access, secret_key: secret, identity_token_audience: 'sts', role_arn: 'bad' },
    { access_key: access },
    { secret_key: 42 },
  ];
  for (const input of inputs) {
    test(JSON.stringify(Object.keys(input)), () => {
      for (const source of ['file', 'request'] as const) {
        const text = JSON.stringify(validateRootConfig(input, { source }).problems);
        assert.ok(!text.includes(secret) && !text.includes(access), text);
      }
    });
  }
});
