/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// The bounds table: each bounded input, its limit, and the answer just past it. Values at the limit
// are stored and never break a later read; values past it are refused (400) without the engine
// doing work proportional to them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { call, fixtures, get, post } from './engine-client.ts';

const ROLE_ARN = 'arn:aws:iam::123456789012:role/deploy';
const POLICY = 'arn:aws:iam::aws:policy/ReadOnlyAccess';
/** Go's largest duration in whole seconds (int64 nanoseconds). */
const GO_MAX_SECONDS = 9_223_372_036;

interface Bound {
  readonly field: string;
  readonly limit: string;
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly status: number;
  /** The start of the first error (the real engine's message where it has one). */
  readonly error?: RegExp;
}

const user = (extra: Record<string, unknown>): unknown => ({ users: [{ name: 'u1', ...extra }] });

const PAST_LIMIT: Bound[] = [
  {
    field: 'roles default_sts_ttl',
    limit: `${GO_MAX_SECONDS} s`,
    method: 'POST',
    path: 'cloud/roles/r',
    body: { credential_type: 'assumed_role', role_arns: ROLE_ARN, default_sts_ttl: 1e308 },
    status: 400,
    error: /^Field validation failed: .*\[DURATION_OUT_OF_RANGE\]/,
  },
  {
    field: 'roles max_sts_ttl',
    limit: `${GO_MAX_SECONDS} s`,
    method: 'POST',
    path: 'cloud/roles/r',
    body: { credential_type: 'assumed_role', role_arns: ROLE_ARN, max_sts_ttl: '99999999999999999999h' },
    status: 400,
    error: /\[DURATION_OUT_OF_RANGE\]/,
  },
  {
    field: 'static-roles rotation_period',
    limit: `60 s to ${GO_MAX_SECONDS} s`,
    method: 'POST',
    path: 'cloud/static-roles/s',
    body: { username: 'u1', rotation_period: 1e308 },
    status: 400,
    error: /\[DURATION_OUT_OF_RANGE\]/,
  },
  {
    field: 'static-roles rotation_period (string)',
    limit: `${GO_MAX_SECONDS} s`,
    method: 'POST',
    path: 'cloud/static-roles/s',
    body: { username: 'u1', rotation_period: '99999999999999999999h' },
    status: 400,
    error: /\[DURATION_OUT_OF_RANGE\]/,
  },
  {
    field: 'config/lease lease',
    limit: `${GO_MAX_SECONDS} s`,
    method: 'POST',
    path: 'cloud/config/lease',
    body: { lease: '99999999999999999999h', lease_max: '1h' },
    status: 400,
    error: /^Invalid lease: time: invalid duration "99999999999999999999h": /,
  },
  {
    field: 'creds ttl',
    limit: `${GO_MAX_SECONDS} s`,
    method: 'POST',
    path: 'cloud/sts/sts',
    body: { ttl: 1e308 },
    status: 400,
    error: /\[DURATION_OUT_OF_RANGE\]/,
  },
  {
    field: 'sys/leases/renew increment',
    limit: `${GO_MAX_SECONDS} s`,
    method: 'PUT',
    path: 'sys/leases/renew',
    body: { lease_id: 'cloud/creds/x/y', increment: 1e308 },
    status: 400,
  },
  {
    field: 'sys/dev/cloud users[].accessKeys (count)',
    limit: '2',
    method: 'PUT',
    path: 'sys/dev/cloud',
    body: user({ accessKeys: 1e9 }),
    status: 400,
    error: /at most 2 access keys \(got 1000000000\)/,
  },
  {
    field: 'sys/dev/cloud users[].accessKeys (list)',
    limit: '2',
    method: 'PUT',
    path: 'sys/dev/cloud',
    body: user({ accessKeys: ['AKIAAAAAAAAAAAAAAAA1', 'AKIAAAAAAAAAAAAAAAA2', 'AKIAAAAAAAAAAAAAAAA3'] }),
    status: 400,
  },
  {
    field: 'sys/dev/cloud users',
    limit: '1000',
    method: 'PUT',
    path: 'sys/dev/cloud',
    body: { users: Array.from({ length: 1001 }, (_, i) => ({ name: `u${i}` })) },
    status: 400,
    error: /users has 1001 items; at most 1000/,
  },
  {
    field: 'sys/dev/cloud users[].tags',
    limit: '50 tags',
    method: 'PUT',
    path: 'sys/dev/cloud',
    body: user({ tags: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) }),
    status: 400,
  },
  {
    field: 'sys/dev/cloud users[].groups',
    limit: '10',
    method: 'PUT',
    path: 'sys/dev/cloud',
    body: user({ groups: Array.from({ length: 11 }, (_, i) => `g${i}`) }),
    status: 400,
  },
  {
    field: 'sys/dev/cloud throttle',
    limit: '100',
    method: 'PUT',
    path: 'sys/dev/cloud',
    body: { throttle: Array.from({ length: 101 }, () => 'CreateUser') },
    status: 400,
  },
  {
    field: 'sys/dev/cloud throttle[].count',
    limit: '1000000',
    method: 'PUT',
    path: 'sys/dev/cloud',
    body: { throttle: [{ operation: 'CreateUser', count: 1e308 }] },
    status: 400,
  },
  {
    field: 'sys/dev/clock advanceSeconds',
    limit: 'about 100 years in all',
    method: 'POST',
    path: 'sys/dev/clock',
    body: { advanceSeconds: 1e308 },
    status: 400,
    error: /would move the engine clock more than/,
  },
  {
    field: 'request body',
    limit: '1 MiB',
    method: 'POST',
    path: 'cloud/roles/big',
    body: { policy_document: 'x'.repeat(1024 * 1024) },
    status: 413,
  },
];

describe('bounds table', () => {
  let engine: EngineProcess;
  before(async () => {
    engine = await startEngine();
    await fixtures(engine, { users: [{ name: 'u1', accessKeys: 1 }] });
    assert.equal(
      (await post(engine, 'cloud/roles/sts', { credential_type: 'assumed_role', role_arns: ROLE_ARN })).status,
      204,
    );
    assert.equal(
      (await post(engine, 'cloud/roles/user', { credential_type: 'iam_user', policy_arns: POLICY })).status,
      204,
    );
  });
  after(() => engine.stop());

  for (const b of PAST_LIMIT) {
    it(`${b.field} (limit ${b.limit}): past it -> ${b.status}`, async () => {
      const answer = await call(engine, b.method, b.path, { body: b.body });
      assert.equal(answer.status, b.status, answer.text.slice(0, 300));
      if (b.error) assert.match(String(answer.body.errors[0]), b.error);
      // The engine is still there and answers at once.
      assert.equal((await get(engine, 'sys/health')).status, 200);
    });
  }

  it('fixtures are unchanged by the refused ones', async () => {
    const state = await get(engine, 'sys/dev/cloud');
    assert.deepEqual(
      state.body.data.users.map((u: { name: string }) => u.name),
      ['u1'],
    );
  });

  it(`static-roles rotation_period at the limit (${GO_MAX_SECONDS} s) is stored and static-creds still reads`, async () => {
    const written = await post(engine, 'cloud/static-roles/far', { username: 'u1', rotation_period: GO_MAX_SECONDS });
    assert.equal(written.status, 200, written.text);
    const creds = await get(engine, 'cloud/static-creds/far');
    assert.equal(creds.status, 200, creds.text);
    assert.ok(Date.parse(creds.body.expiration) > Date.now() + 200 * 365 * 86400_000);
    assert.equal((await get(engine, 'cloud/static-roles/far')).status, 200);
  });

  it('config/lease past the system maximum (768h) is stored, and leases are capped at 768h with the real warning', async () => {
    assert.equal((await post(engine, 'cloud/config/lease', { lease: '2000h', lease_max: '5000h' })).status, 204);
    const creds = await get(engine, 'cloud/creds/user');
    assert.equal(creds.status, 200, creds.text);
    assert.equal(creds.body.lease_duration, 768 * 3600);
    assert.ok(
      creds.body.warnings.includes(
        'TTL of "2000h0m0s" exceeded the effective max_ttl of "768h0m0s"; TTL value is capped accordingly',
      ),
      creds.text,
    );
    const renewed = await call(engine, 'PUT', 'sys/leases/renew', {
      body: { lease_id: creds.body.lease_id, increment: '999999h' },
    });
    assert.equal(renewed.status, 200, renewed.text);
    assert.ok(renewed.body.lease_duration <= 768 * 3600);
    const lookup = await call(engine, 'PUT', 'sys/leases/lookup', { body: { lease_id: creds.body.lease_id } });
    assert.equal(lookup.status, 200, lookup.text);
  });

  it("a credentials ttl past the role's max_sts_ttl is capped silently, as the real engine does", async () => {
    assert.equal(
      (
        await post(engine, 'cloud/roles/capped', {
          credential_type: 'assumed_role',
          role_arns: ROLE_ARN,
          max_sts_ttl: 3600,
        })
      ).status,
      204,
    );
    const answer = await post(engine, 'cloud/sts/capped', { ttl: '100000h' });
    assert.equal(answer.status, 200, answer.text);
    assert.ok(answer.body.lease_duration <= 3600);
  });
});
