import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  fieldInfo,
  fieldsFor,
  ROLE_WIRE,
  ROOT_CONFIG_WIRE,
  STATIC_ROLE_WIRE,
  validateRole,
  validateRootConfig,
  validateStaticRole,
  wireBody,
  wireRead,
  type WireKind,
  type WireRow,
} from '@keyfob/shared/rules';
import { JWT_ROLE_WIRE, readJwtRole, type JwtWireKind } from '@keyfob/shared/jwt-roles';

/** The schema's `x-keyfob-value`s each wire kind is read from. */
const SCHEMA_VALUES: Readonly<Record<WireKind, readonly string[]>> = {
  text: ['string'],
  list: ['list'],
  map: ['tags'],
  seconds: ['duration', 'duration-or-seconds'],
  policy: ['policy-json'],
  integer: ['integer'],
};

type TableKind = 'role' | 'static-role' | 'root-config';

/** Every row a schema field, of the schema's kind, secret where the schema says so; every other field listed. */
function checkRows(kind: TableKind, rows: readonly WireRow[], notRows: readonly string[]): void {
  const schemaFields = fieldsFor(kind).filter((field) => !notRows.includes(field));
  assert.deepEqual(rows.map((row) => row.wire).sort(), schemaFields.sort());
  for (const row of rows) {
    const info = fieldInfo(kind, row.wire);
    assert.ok(info && SCHEMA_VALUES[row.kind].includes(info.value), `${kind} ${row.wire}: ${info?.value}`);
    assert.equal(row.secret === true, info.secret, `${kind} ${row.wire} secret`);
  }
}

/**
 * Role schema fields that are not wire rows: the name (the path's), the type, a file's `$schema`, the
 * legacy pair, and `narrow` (keyfob's alone, never sent to the engine).
 */
const NOT_ROWS = ['$schema', 'name', 'credential_type', 'policy', 'arn', 'narrow'];

describe('the role wire table', () => {
  test('has one row per field of the role schema, of the schema kind', () => {
    checkRows('role', ROLE_WIRE, NOT_ROWS);
    for (const row of ROLE_WIRE) assert.equal(fieldInfo('role', row.wire)?.value, SCHEMA_VALUES[row.kind][0], row.wire);
  });

  test('a file read, written as a body, read back in the form the engine answers and read again is the same role', () => {
    const file = {
      credential_type: 'assumed_role',
      role_arns: 'arn:aws:iam::123456789012:role/deploy, arn:aws:iam::123456789012:role/build',
      iam_tags: ['team=ops'],
      session_tags: { env: 'prod' },
      default_sts_ttl: '15m',
      max_sts_ttl: '1h',
      external_id: 'x-1',
      policy_document: { Version: '2012-10-17', Statement: [] },
    };
    const role = validateRole(file).value;
    assert.ok(role);
    const body = wireBody(ROLE_WIRE, role, (seconds) => `${seconds}s`);
    assert.deepEqual(body, {
      role_arns: ['arn:aws:iam::123456789012:role/deploy', 'arn:aws:iam::123456789012:role/build'],
      policy_document: '{"Version":"2012-10-17","Statement":[]}',
      iam_tags: { team: 'ops' },
      default_sts_ttl: '900s',
      max_sts_ttl: '3600s',
      session_tags: { env: 'prod' },
      external_id: 'x-1',
    });
    const again = validateRole({ credential_type: 'assumed_role', ...body }).value;
    assert.ok(again);
    const read = validateRole(
      { credential_type: 'assumed_role', ...wireRead(ROLE_WIRE, again) },
      { source: 'request' },
    ).value;
    assert.ok(read);
    for (const row of ROLE_WIRE) assert.deepEqual(read[row.field], role[row.field], row.wire);
  });
});

describe('the static role wire table', () => {
  test('has one row per field of the static role schema (but the name and $schema), of the schema kind', () => {
    checkRows('static-role', STATIC_ROLE_WIRE, ['$schema', 'name']);
  });

  test('a file read, written as a body and read again is the same static role', () => {
    const role = validateStaticRole({ username: 'backup-agent', rotation_period: '24h' }).value;
    assert.ok(role);
    const body = wireBody(STATIC_ROLE_WIRE, role, (seconds) => `${seconds}s`);
    assert.deepEqual(body, { username: 'backup-agent', rotation_period: '86400s' });
    const again = validateStaticRole({ ...wireRead(STATIC_ROLE_WIRE, role) }, { source: 'request' }).value;
    assert.deepEqual(again, role);
  });
});

describe('the root configuration wire table', () => {
  test('has one row per field of the root configuration schema (but $schema), of the schema kind', () => {
    checkRows('root-config', ROOT_CONFIG_WIRE, ['$schema']);
  });

  test('unset numbers take their schema defaults; a read never shows the secret key; read back, it is the same configuration', () => {
    const config = validateRootConfig({
      access_key: 'AKIAIOSFODNN7EXAMPLE',
      secret_key: 'not-a-real-secret',
      region: 'eu-west-1',
      sts_fallback_endpoints: 'https://sts.eu-central-1.amazonaws.com',
      sts_fallback_regions: ['eu-central-1'],
      max_retries: 0,
    }).value;
    assert.ok(config);
    assert.equal(config.identityTokenTtl, 3600);
    assert.equal(config.maxRetries, 0, 'max_retries 0 (no retries) is a value, not unset');
    assert.equal(validateRootConfig({}).value?.maxRetries, -1);
    const read = wireRead(ROOT_CONFIG_WIRE, config);
    assert.equal('secret_key' in read, false);
    const again = validateRootConfig({ ...read, secret_key: 'not-a-real-secret' }).value;
    assert.deepEqual(again, config);
  });
});

describe('identity_token_ttl 0', () => {
  // The real engine stores a sent `identity_token_ttl: 0` and reads 0 back; only a field never sent
  // takes the schema's default (3600, seed 1's; the real engine reads 0 then too).
  test('is a value through the validator and the engine read form; unset is 3600', () => {
    const zero = validateRootConfig({ identity_token_ttl: 0 }).value;
    assert.equal(zero?.identityTokenTtl, 0);
    assert.equal(validateRootConfig({ identity_token_ttl: '0s' }).value?.identityTokenTtl, 0);
    assert.equal(validateRootConfig({}).value?.identityTokenTtl, 3600);
    assert.ok(zero);
    assert.equal(wireRead(ROOT_CONFIG_WIRE, zero).identity_token_ttl, 0);
  });

  test('the role TTLs keep 0 as unset (the engine then uses its defaults)', () => {
    const role = validateRole({
      credential_type: 'assumed_role',
      role_arns: 'arn:aws:iam::123456789012:role/deploy',
      default_sts_ttl: 0,
    }).value;
    assert.equal(role?.defaultStsTtl, undefined);
  });
});

/** The schema's `x-keyfob-value` of each JWT wire kind. */
const JWT_SCHEMA_VALUES: Readonly<Record<JwtWireKind, string>> = {
  text: 'string',
  choice: 'string',
  list: 'list',
  cidrs: 'list',
  map: 'map',
  claims: 'map',
  seconds: 'duration-or-seconds',
  leeway: 'leeway',
  boolean: 'boolean',
  integer: 'integer',
};

describe('the JWT role wire table', () => {
  test('has one row per field of the JWT role schema (older names beside their row), of the schema kind', () => {
    const named = JWT_ROLE_WIRE.flatMap((row) => ['older' in row ? [row.wire, row.older] : [row.wire]].flat());
    assert.deepEqual(
      named.sort(),
      fieldsFor('jwt-role')
        .filter((f) => f !== '$schema' && f !== 'name')
        .sort(),
    );
    for (const row of JWT_ROLE_WIRE) {
      const info = fieldInfo('jwt-role', row.wire);
      assert.equal(info?.value, JWT_SCHEMA_VALUES[row.kind], row.wire);
      if ('older' in row) assert.equal(fieldInfo('jwt-role', row.older)?.value, info.value, row.older);
      if (row.kind === 'choice') assert.ok(info.enum && info.default !== undefined, `${row.wire}: enum and default`);
    }
  });

  test('every property of a read role is a row; read back in the engine form, it is the same role', () => {
    const read = readJwtRole({
      role_type: 'JWT',
      user_claim: 'repository',
      bound_audiences: 'sts, ci',
      bound_claims: { repository: 'acme/app', ref: ['refs/heads/main'] },
      claim_mappings: { actor: 'who' },
      policies: 'deploy',
      ttl: '15m',
      num_uses: 3,
      bound_cidrs: ['10.0.0.1'],
      clock_skew_leeway: -1,
      verbose_oidc_logging: true,
    });
    const role = read.role;
    assert.ok(role, read.errors.join('; '));
    assert.deepEqual(Object.keys(role).sort(), JWT_ROLE_WIRE.map((row) => row.field).sort());
    assert.equal(role.roleType, 'jwt');
    assert.deepEqual(role.tokenPolicies, ['deploy']);
    assert.equal(role.tokenTtl, 900);
    assert.equal(role.tokenNumUses, 3);
    assert.equal(role.clockSkewLeeway, -1);
    const again = readJwtRole(wireRead(JWT_ROLE_WIRE, role)).role;
    assert.deepEqual(again, role);
  });
});
