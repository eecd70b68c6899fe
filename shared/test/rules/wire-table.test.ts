import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fieldInfo, fieldsFor, ROLE_WIRE, validateRole, wireBody, wireRead, type WireKind } from '@keyfob/shared/rules';

/** The schema's `x-keyfob-value` each wire kind is read from. */
const SCHEMA_VALUE: Readonly<Record<WireKind, string>> = {
  text: 'string',
  list: 'list',
  map: 'tags',
  seconds: 'duration',
  policy: 'policy-json',
};

/**
 * Role schema fields that are not wire rows: the name (the path's), the type, a file's `$schema`, the
 * legacy pair, and `narrow` (keyfob's alone, never sent to the engine).
 */
const NOT_ROWS = ['$schema', 'name', 'credential_type', 'policy', 'arn', 'narrow'];

describe('the role wire table', () => {
  test('has one row per field of the role schema, of the schema kind', () => {
    const schemaFields = fieldsFor('role').filter((field) => !NOT_ROWS.includes(field));
    assert.deepEqual(ROLE_WIRE.map((row) => row.wire).sort(), schemaFields.sort());
    for (const row of ROLE_WIRE) assert.equal(fieldInfo('role', row.wire)?.value, SCHEMA_VALUE[row.kind], row.wire);
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
