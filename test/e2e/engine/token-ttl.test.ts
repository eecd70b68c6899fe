/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// auth/token/create and renew-self against the real engine process: TTLs capped at the system
// maximum (768h) and explicit_max_ttl with the real engine's warning, negative values refused with
// its message first, and the root-token rules. One row per request: body, status, lease_duration,
// warnings (or the start of the error).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { advance, get, post } from './engine-client.ts';

const H = 3600;
const capped = (asked: string, allowed: string): string =>
  `TTL of "${asked}" exceeded the effective max_ttl of "${allowed}"; TTL value is capped accordingly`;

interface Row {
  readonly name: string;
  readonly body: Record<string, unknown>;
  readonly status: number;
  readonly leaseDuration?: number;
  readonly warnings?: readonly string[] | null;
  readonly error?: RegExp;
}

const ROWS: readonly Row[] = [
  {
    name: 'no ttl: the system default, 768h',
    body: { policies: ['default'] },
    status: 200,
    leaseDuration: 768 * H,
    warnings: null,
  },
  {
    name: 'ttl past 768h: capped, with the warning',
    body: { policies: ['default'], ttl: '1000h' },
    status: 200,
    leaseDuration: 768 * H,
    warnings: [capped('1000h0m0s', '768h0m0s')],
  },
  {
    name: 'ttl in integer seconds past 768h',
    body: { policies: ['default'], ttl: 3_000_000 },
    status: 200,
    leaseDuration: 768 * H,
    warnings: [capped('833h20m0s', '768h0m0s')],
  },
  {
    name: 'exactly 768h: no warning',
    body: { policies: ['default'], ttl: '768h' },
    status: 200,
    leaseDuration: 768 * H,
    warnings: null,
  },
  {
    name: 'explicit_max_ttl caps the ttl',
    body: { policies: ['default'], ttl: '2h', explicit_max_ttl: '1h' },
    status: 200,
    leaseDuration: H,
    warnings: [capped('2h0m0s', '1h0m0s')],
  },
  {
    name: 'explicit_max_ttl over 768h does not raise the cap',
    body: { policies: ['default'], ttl: '1000h', explicit_max_ttl: '2000h' },
    status: 200,
    leaseDuration: 768 * H,
    warnings: [capped('1000h0m0s', '768h0m0s')],
  },
  { name: 'a root child without ttl never expires', body: {}, status: 200, leaseDuration: 0, warnings: null },
  {
    name: 'a root child is still bound by explicit_max_ttl',
    body: { explicit_max_ttl: '1h' },
    status: 200,
    leaseDuration: H,
    warnings: null,
  },
  {
    name: 'negative ttl: the real message first',
    body: { policies: ['default'], ttl: '-1h' },
    status: 400,
    error: /^ttl must be positive: .*\[DURATION_NEGATIVE\]$/,
  },
  {
    name: 'negative explicit_max_ttl',
    body: { policies: ['default'], explicit_max_ttl: -5 },
    status: 400,
    error: /^explicit_max_ttl must be positive: .*\[DURATION_NEGATIVE\]$/,
  },
];

describe('token TTLs', () => {
  let engine: EngineProcess;
  before(async () => {
    engine = await startEngine();
  });
  after(() => engine.stop());

  for (const row of ROWS) {
    it(`auth/token/create: ${row.name}`, async () => {
      const answer = await post(engine, 'auth/token/create', row.body);
      assert.equal(answer.status, row.status, answer.text);
      if (row.error) {
        assert.equal(answer.body.errors.length, 1);
        assert.match(answer.body.errors[0], row.error);
        return;
      }
      assert.equal(answer.body.auth.lease_duration, row.leaseDuration);
      assert.deepEqual(answer.body.warnings, row.warnings);
      const lookup = await get(engine, 'auth/token/lookup-self', { token: answer.body.auth.client_token });
      assert.equal(lookup.body.data.creation_ttl, row.leaseDuration, 'the capped TTL is what the token keeps');
    });
  }

  it('an expiring root token cannot create a non-expiring one', async () => {
    const parent = (await post(engine, 'auth/token/create', { ttl: '1h' })).body.auth;
    assert.equal(parent.lease_duration, H, 'positive control: an expiring root token');
    const answer = await post(engine, 'auth/token/create', {}, { token: parent.client_token });
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body.errors, ['expiring root tokens cannot create non-expiring root tokens']);
    assert.equal((await post(engine, 'auth/token/create', { ttl: '30m' }, { token: parent.client_token })).status, 200);
  });

  it('renew-self never goes past 768h from creation, with the warning', async () => {
    const token = (await post(engine, 'auth/token/create', { policies: ['default'] })).body.auth.client_token as string;
    await advance(engine, 10 * H);
    const renewed = await post(engine, 'auth/token/renew-self', { increment: '768h' }, { token });
    assert.equal(renewed.status, 200, renewed.text);
    // 758h left, less the wall-clock seconds between creation and renewal (the engine counts whole seconds).
    const left = renewed.body.auth.lease_duration as number;
    assert.ok(left <= 758 * H && left >= 758 * H - 5, String(left));
    assert.equal(renewed.body.warnings.length, 1);
    assert.match(
      renewed.body.warnings[0],
      /^TTL of "768h0m0s" exceeded the effective max_ttl of "75(8h0m0s|7h59m5\ds)"; TTL value is capped accordingly$/,
    );
    const within = await post(engine, 'auth/token/renew-self', { increment: '1h' }, { token });
    assert.equal(within.body.auth.lease_duration, H, 'positive control: a renewal inside the cap is kept');
    assert.equal(within.body.warnings, null);
  });
});
