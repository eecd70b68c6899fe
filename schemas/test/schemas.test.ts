import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { schemaIds, schemas } from '../index.ts';
import { plainAjv, schemaDir, validatorFor } from './plain-ajv.ts';

const examples = join(schemaDir, '..', 'examples', 'roles');
const ajv = plainAjv();

function schemaFileFor(file: string): string {
  if (file.includes('.static-role.')) return 'static-role.schema.json';
  if (file.includes('.manifest.')) return 'manifest.schema.json';
  return 'role.schema.json';
}

describe('example files validate with plain ajv', () => {
  for (const file of readdirSync(examples)) {
    test(file, () => {
      const text = readFileSync(join(examples, file), 'utf8');
      const value: unknown = file.endsWith('.json') ? JSON.parse(text) : parse(text);
      const validate = validatorFor(ajv, schemaFileFor(file));
      assert.equal(validate(value), true, JSON.stringify(validate.errors));
    });
  }
});

const arn = 'arn:aws:iam::123456789012:role/deploy';
const policyArn = 'arn:aws:iam::aws:policy/ReadOnlyAccess';

/** Valid and invalid samples per schema; `at` is the instancePath of one expected error. */
const cases: { name: string; schema: string; value: unknown; valid: boolean; at?: string }[] = [
  {
    name: 'assumed_role with a comma list',
    schema: 'role.schema.json',
    value: { credential_type: 'assumed_role', role_arns: `${arn}, ${arn}2` },
    valid: true,
  },
  {
    name: 'iam_user with tags as key=value list',
    schema: 'role.schema.json',
    value: { credential_type: 'iam_user', policy_arns: [policyArn], iam_tags: ['a=b'] },
    valid: true,
  },
  {
    name: 'federation_token with an object policy',
    schema: 'role.schema.json',
    value: { credential_type: 'federation_token', policy_document: { Version: '2012-10-17', Statement: [] } },
    valid: true,
  },
  { name: 'session_token bare', schema: 'role.schema.json', value: { credential_type: 'session_token' }, valid: true },
  { name: 'legacy policy alone', schema: 'role.schema.json', value: { policy: '{}' }, valid: true },
  {
    name: 'unknown credential type',
    schema: 'role.schema.json',
    value: { credential_type: 'assume_role' },
    valid: false,
    at: '/credential_type',
  },
  { name: 'no credential type', schema: 'role.schema.json', value: { role_arns: [arn] }, valid: false },
  {
    name: 'role_arns on iam_user',
    schema: 'role.schema.json',
    value: { credential_type: 'iam_user', policy_arns: [policyArn], role_arns: [arn] },
    valid: false,
  },
  {
    name: 'assumed_role without role_arns',
    schema: 'role.schema.json',
    value: { credential_type: 'assumed_role' },
    valid: false,
  },
  {
    name: 'iam_user without a policy',
    schema: 'role.schema.json',
    value: { credential_type: 'iam_user' },
    valid: false,
  },
  {
    name: 'policy on session_token',
    schema: 'role.schema.json',
    value: { credential_type: 'session_token', policy_arns: [policyArn] },
    valid: false,
  },
  {
    name: 'sts ttl on iam_user',
    schema: 'role.schema.json',
    value: { credential_type: 'iam_user', policy_arns: [policyArn], max_sts_ttl: '1h' },
    valid: false,
  },
  {
    name: 'day unit',
    schema: 'role.schema.json',
    value: { credential_type: 'assumed_role', role_arns: [arn], max_sts_ttl: '1d' },
    valid: false,
    at: '/max_sts_ttl',
  },
  // The engine's API takes integer seconds and unitless numeric strings for every duration field.
  {
    name: 'integer sts ttl',
    schema: 'role.schema.json',
    value: { credential_type: 'assumed_role', role_arns: [arn], max_sts_ttl: 3600 },
    valid: true,
  },
  {
    name: 'fractional sts ttl number',
    schema: 'role.schema.json',
    value: { credential_type: 'assumed_role', role_arns: [arn], max_sts_ttl: 1.5 },
    valid: false,
    at: '/max_sts_ttl',
  },
  {
    name: 'bad user_path',
    schema: 'role.schema.json',
    value: { credential_type: 'iam_user', policy_arns: [policyArn], user_path: 'ci' },
    valid: false,
    at: '/user_path',
  },
  {
    name: 'policy ARN in role_arns',
    schema: 'role.schema.json',
    value: { credential_type: 'assumed_role', role_arns: [policyArn] },
    valid: false,
    at: '/role_arns/0',
  },
  {
    name: 'legacy mixed',
    schema: 'role.schema.json',
    value: { policy: '{}', credential_type: 'iam_user', policy_arns: [policyArn] },
    valid: false,
  },
  { name: 'both legacy fields', schema: 'role.schema.json', value: { policy: '{}', arn: policyArn }, valid: false },
  {
    name: 'unknown key',
    schema: 'role.schema.json',
    value: { credential_type: 'session_token', role_arn: arn },
    valid: false,
  },
  {
    name: 'static role with seconds',
    schema: 'static-role.schema.json',
    value: { username: 'svc', rotation_period: 3600 },
    valid: true,
  },
  {
    name: 'static role under a minute',
    schema: 'static-role.schema.json',
    value: { username: 'svc', rotation_period: 30 },
    valid: false,
    at: '/rotation_period',
  },
  {
    name: 'static role without username',
    schema: 'static-role.schema.json',
    value: { rotation_period: '1h' },
    valid: false,
  },
  {
    name: 'static role bad username',
    schema: 'static-role.schema.json',
    value: { username: 'a b', rotation_period: '1h' },
    valid: false,
    at: '/username',
  },
  { name: 'lease ok', schema: 'lease-config.schema.json', value: { lease: '30m', lease_max: '12h' }, valid: true },
  {
    name: 'lease without unit (seconds)',
    schema: 'lease-config.schema.json',
    value: { lease: '3600', lease_max: '12h' },
    valid: true,
  },
  {
    name: 'lease with a day unit',
    schema: 'lease-config.schema.json',
    value: { lease: '1d', lease_max: '12h' },
    valid: false,
    at: '/lease',
  },
  { name: 'lease_max missing', schema: 'lease-config.schema.json', value: { lease: '1h' }, valid: false },
  {
    name: 'root with workload identity',
    schema: 'root-config.schema.json',
    value: { role_arn: arn, identity_token_audience: 'sts', identity_token_ttl: 600 },
    valid: true,
  },
  {
    name: 'root audience without role_arn',
    schema: 'root-config.schema.json',
    value: { identity_token_audience: 'sts' },
    valid: false,
  },
  {
    name: 'root access key and audience',
    schema: 'root-config.schema.json',
    value: { access_key: 'AK', secret_key: 'x', role_arn: arn, identity_token_audience: 'sts' },
    valid: false,
  },
  {
    name: 'root secret without access key',
    schema: 'root-config.schema.json',
    value: { secret_key: 'x' },
    valid: false,
  },
  {
    name: 'root max_retries below -1',
    schema: 'root-config.schema.json',
    value: { max_retries: -2 },
    valid: false,
    at: '/max_retries',
  },
  {
    name: 'request ok',
    schema: 'credential-request.schema.json',
    value: { role_arn: arn, ttl: '15m', role_session_name: 'ci-1' },
    valid: true,
  },
  {
    name: 'request ttl without unit (seconds)',
    schema: 'credential-request.schema.json',
    value: { ttl: '900' },
    valid: true,
  },
  {
    name: 'manifest ok',
    schema: 'manifest.schema.json',
    value: { roles: { a: { credential_type: 'session_token' } }, lease: { lease: '1h', lease_max: '2h' } },
    valid: true,
  },
  {
    name: 'manifest with a bad role',
    schema: 'manifest.schema.json',
    value: { roles: { a: { credential_type: 'iam_user' } } },
    valid: false,
  },
  {
    name: 'manifest with a bad role name',
    schema: 'manifest.schema.json',
    value: { roles: { 'a b': { credential_type: 'session_token' } } },
    valid: false,
  },
  {
    name: 'manifest with a bad lease',
    schema: 'manifest.schema.json',
    value: { lease: { lease: '1d', lease_max: '2h' } },
    valid: false,
    at: '/lease/lease',
  },
  {
    name: 'JWT role bound to one repository',
    schema: 'jwt-role.schema.json',
    value: {
      role_type: 'jwt',
      user_claim: 'repository',
      bound_audiences: ['sts'],
      bound_claims: { repository_id: '42' },
      token_policies: 'deploy',
      token_ttl: '15m',
      clock_skew_leeway: -1,
    },
    valid: true,
  },
  {
    name: 'JWT role without user_claim',
    schema: 'jwt-role.schema.json',
    value: { role_type: 'jwt', bound_audiences: ['sts'] },
    valid: false,
  },
  {
    name: 'JWT role with an unknown role_type',
    schema: 'jwt-role.schema.json',
    value: { role_type: 'github', user_claim: 'sub' },
    valid: false,
    at: '/role_type',
  },
  {
    name: 'JWT role with a day unit',
    schema: 'jwt-role.schema.json',
    value: { user_claim: 'sub', token_ttl: '1d' },
    valid: false,
    at: '/token_ttl',
  },
  {
    name: 'policy JSON form',
    schema: 'policy.schema.json',
    value: { path: { 'cloud/creds/deploy': { capabilities: ['read'], allowed_parameters: { ttl: [] } } } },
    valid: true,
  },
  {
    name: 'policy with an unknown capability',
    schema: 'policy.schema.json',
    value: { path: { 'cloud/creds/deploy': { capabilities: ['raed'] } } },
    valid: false,
    at: '/path/cloud~1creds~1deploy/capabilities/0',
  },
];

describe('schemas accept and refuse samples', () => {
  for (const c of cases) {
    test(`${c.schema}: ${c.name}`, () => {
      const validate = validatorFor(ajv, c.schema);
      assert.equal(validate(c.value), c.valid, JSON.stringify(validate.errors));
      if (c.at !== undefined)
        assert.ok(
          validate.errors?.some((e) => e.instancePath === c.at),
          JSON.stringify(validate.errors),
        );
    });
  }
});

describe('schema metadata', () => {
  test('every schema has its stable $id and draft-07', () => {
    for (const [kind, schema] of Object.entries(schemas)) {
      assert.equal(schema.$id, `https://keyfob.dev/schemas/${kind}.schema.json`);
      assert.equal(schemaIds[kind as keyof typeof schemaIds], schema.$id);
      assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#');
    }
  });

  test('every field has a description, a markdownDescription and x-keyfob-value', () => {
    for (const [kind, schema] of Object.entries(schemas)) {
      for (const [name, field] of Object.entries(schema.properties as Record<string, Record<string, unknown>>)) {
        assert.equal(typeof field.description, 'string', `${kind}.${name} description`);
        assert.equal(typeof field.markdownDescription, 'string', `${kind}.${name} markdownDescription`);
        assert.equal(typeof field['x-keyfob-value'], 'string', `${kind}.${name} x-keyfob-value`);
      }
    }
  });

  test('the compiled shape validators are current', () => {
    const run = spawnSync(process.execPath, [join(schemaDir, 'build.mjs'), '--check'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
  });
});
