/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-assignment -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// The real engine's request framework, as clients written against it rely on it (hvac, Terraform's
// provider): each case sends the request shape keyfob used to refuse or change, over HTTP, to the
// spawned `keyfob serve`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { startOidcIssuer, type OidcIssuer } from '../../helpers/oidc-issuer.ts';
import { call, fixtures, get, post } from './engine-client.ts';

const ROLE = { credential_type: 'iam_user', policy_arns: ['arn:aws:iam::aws:policy/ReadOnlyAccess'] };
const ROOT_KEY = { id: 'AKIAFRAMEWORK0000001', secret: 'framework-secret' };

describe('the request framework of the real engine', () => {
  let engine: EngineProcess;
  let issuer: OidcIssuer;
  before(async () => {
    [engine, issuer] = await Promise.all([startEngine(), startOidcIssuer()]);
    await fixtures(engine, {
      rootUser: { name: 'keyfob-root', accessKeys: [ROOT_KEY] },
      users: [{ name: 'svc-framework', accessKeys: 0 }],
    });
    assert.equal((await post(engine, 'cloud/roles/reader', ROLE)).status, 204);
  });
  after(() => Promise.all([engine.stop(), issuer.stop()]));

  it('JSON null for a declared field is "not given": the default applies, no type error', async () => {
    const written = await post(engine, 'cloud/config/root', {
      access_key: ROOT_KEY.id,
      secret_key: ROOT_KEY.secret,
      max_retries: null,
      region: null,
    });
    assert.equal(written.status, 204, written.text);
    const read = (await get(engine, 'cloud/config/root')).body.data;
    assert.equal(read.max_retries, -1);
    assert.equal(read.region, '');
    const role = await post(engine, 'cloud/roles/nulls', { ...ROLE, default_sts_ttl: null, iam_tags: null });
    assert.ok([200, 204].includes(role.status), role.text);
  });

  it('HEAD is served wherever GET is, with the status and no body', async () => {
    const found = await fetch(`${engine.url}/v1/cloud/roles/reader`, {
      method: 'HEAD',
      headers: { 'X-Vault-Token': engine.rootToken },
    });
    assert.equal(found.status, 200);
    assert.equal(await found.text(), '');
    const missing = await call(engine, 'HEAD', 'cloud/roles/absent');
    assert.equal(missing.status, 404);
    const health = await fetch(`${engine.url}/v1/sys/health`, { method: 'HEAD' });
    assert.equal(health.status, 200);
    const denied = await fetch(`${engine.url}/v1/cloud/roles/reader`, { method: 'HEAD' });
    assert.equal(denied.status, 403, 'HEAD needs the token GET needs');
  });

  it('LIST answers the same with and without the trailing slash, sys/leases/lookup/<prefix> too', async () => {
    const plain = await call(engine, 'LIST', 'cloud/roles');
    const slashed = await call(engine, 'LIST', 'cloud/roles/');
    assert.equal(plain.status, 200, plain.text);
    assert.deepEqual(plain.body.data, slashed.body.data);
    const lease = (await get(engine, 'cloud/creds/reader')).body.lease_id as string;
    const suffix = lease.split('/').pop();
    const bare = await call(engine, 'LIST', 'sys/leases/lookup/cloud/creds/reader');
    const withSlash = await call(engine, 'LIST', 'sys/leases/lookup/cloud/creds/reader/');
    assert.equal(bare.status, 200, bare.text);
    assert.deepEqual(bare.body.data.keys, withSlash.body.data.keys);
    assert.ok(bare.body.data.keys.includes(suffix), bare.text);
    const parent = await call(engine, 'LIST', 'sys/leases/lookup/cloud/creds');
    assert.deepEqual(parent.body.data.keys, ['reader/']);
  });

  it('a field the path takes from the URL is never unknown (name on the credential paths)', async () => {
    const viaQuery = await get(engine, 'cloud/creds/reader?name=reader');
    assert.equal(viaQuery.status, 200, viaQuery.text);
    assert.equal(viaQuery.body.warnings, null);
    const viaBody = await post(engine, 'cloud/creds/reader', { name: 'someone-else' });
    assert.equal(viaBody.status, 200, viaBody.text);
    assert.equal(viaBody.body.warnings, null);
    assert.match(viaBody.body.lease_id, /^cloud\/creds\/reader\//, 'the URL name wins');
  });

  it('every write path with a body warns of unrecognized parameters in the real words first', async () => {
    const written = await post(engine, 'cloud/static-roles/framework', {
      username: 'svc-framework',
      rotation_period: '1h',
      colour: 'blue',
    });
    assert.equal(written.status, 200, written.text);
    assert.equal(written.body.warnings[0], 'Endpoint ignored these unrecognized parameters: [colour]');
  });

  it('rotation_period takes every form the real engine takes (days, seconds, Go durations)', async () => {
    for (const [value, seconds] of [
      ['1d', 86400],
      ['90m', 5400],
      ['1h30m', 5400],
      [7200, 7200],
      ['3600', 3600],
    ] as const) {
      const written = await post(engine, 'cloud/static-roles/framework', { rotation_period: value });
      assert.equal(written.status, 200, `${value}: ${written.text}`);
      const read = (await get(engine, 'cloud/static-roles/framework')).body;
      assert.equal(read.rotation_period, formatGo(seconds), String(value));
    }
    const short = await post(engine, 'cloud/static-roles/framework', { rotation_period: '59s' });
    assert.equal(short.status, 500, 'below a minute is still the real engine refusal');
    const leaseDays = await post(engine, 'cloud/config/lease', { lease: '1d', lease_max: '2d' });
    assert.equal(leaseDays.status, 400, 'the lease parameters keep seed 1 rule: h is the largest unit');
  });

  it('maps and lists are read back as written: a JWT role write of what was read changes nothing', async () => {
    const body = {
      role_type: 'jwt',
      user_claim: 'actor',
      bound_audiences: ['https://github.com/octo'],
      bound_claims_type: 'glob',
      bound_claims: { repository: 'octo/app', ref: ['refs/heads/main', 'refs/heads/release-*'] },
      token_policies: ['default'],
    };
    assert.ok([200, 204].includes((await post(engine, 'auth/jwt/role/shape', body)).status));
    const read = (await get(engine, 'auth/jwt/role/shape')).body.data;
    assert.deepEqual(read.bound_claims, body.bound_claims);
    assert.ok([200, 204].includes((await post(engine, 'auth/jwt/role/shape', read)).status));
    assert.deepEqual((await get(engine, 'auth/jwt/role/shape')).body.data, read);
  });

  it('a body nested past the real limit is 400, never a crash (iam_tags 5,000 deep)', async () => {
    // Written as text: JSON.stringify itself cannot nest this deep on every stack.
    const nested = `${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
    const response = await fetch(`${engine.url}/v1/cloud/roles/deep`, {
      method: 'POST',
      headers: { 'X-Vault-Token': engine.rootToken, 'Content-Type': 'application/json' },
      body: `{"credential_type":"iam_user","iam_tags":${nested}}`,
    });
    assert.equal(response.status, 400);
    const answer = (await response.json()) as { errors: string[] };
    assert.match(answer.errors[0] ?? '', /^error parsing JSON: .*nests 5001 levels deep/);
    assert.equal((await get(engine, 'sys/health')).status, 200, 'the engine still answers');
  });

  const timeClaims: { name: string; raw: Record<string, string> }[] = [
    { name: 'exp as a string', raw: { exp: `"${Math.floor(Date.now() / 1000) + 600}"` } },
    { name: 'exp as 1e400 (past the float range)', raw: { exp: '1e400' } },
    { name: 'iat as a string', raw: { iat: '"yesterday"' } },
  ];
  for (const c of timeClaims) {
    it(`JWT time claims that are not plain numbers are refused: ${c.name}`, async () => {
      await post(engine, 'auth/jwt/config', { jwks_url: issuer.jwksUrl, bound_issuer: issuer.issuer });
      await post(engine, 'auth/jwt/role/times', {
        role_type: 'jwt',
        user_claim: 'actor',
        bound_audiences: ['https://github.com/octo'],
        token_policies: ['default'],
      });
      const jwt = await issuer.signRaw({ aud: 'https://github.com/octo', actor: 'octocat' }, c.raw);
      const answer = await post(engine, 'auth/jwt/login', { role: 'times', jwt }, { token: null });
      assert.equal(answer.status, 400, answer.text);
      assert.match(answer.body.errors[0], /^error validating token: .*NumericDate/);
    });
  }

  it('the same token with plain numbers logs in (the control)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const jwt = await issuer.signRaw(
      { aud: 'https://github.com/octo', actor: 'octocat' },
      { exp: String(now + 600), iat: String(now) },
    );
    const answer = await post(engine, 'auth/jwt/login', { role: 'times', jwt }, { token: null });
    assert.equal(answer.status, 200, answer.text);
  });
});

/** Go's Duration.String for whole seconds, as static role reads show rotation_period. */
function formatGo(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}h${m}m${s}s` : m > 0 ? `${m}m${s}s` : `${s}s`;
}
