/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- engine answers are JSON read loosely; every assertion checks the shape it reads. */
// Batch tokens (a JWT role with `token_type: batch`), end to end against a cluster double with a
// one-minute lag (so "not replicated yet" holds for the whole test, no timing): the engine issues
// them as the real one does (no accessor, not renewable, renew-self and revoke-self refused with the
// real messages, no child tokens, a lease capped at the token's TTL, known on a standby at once while
// a service token is not); the bundled action, run as the runner runs it behind a recording
// balancer, makes no renew or revoke-self call with one, and its post step still revokes the lease.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { EngineClient } from '@keyfob/shared/client';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { startOidcIssuer, type OidcIssuer } from '../../helpers/oidc-issuer.ts';
import { runStep } from '../../helpers/run-action.ts';
import { startRoundRobin, type RoundRobin } from '../../helpers/round-robin.ts';
import { AUDIENCE, JWT_ROLE, prepareEngine } from './setup.ts';

const BATCH_ROLE = 'gh-ci-batch';

interface Answer {
  readonly status: number;
  readonly body: Record<string, any> | undefined;
}

async function send(url: string, method: string, path: string, token: string | null, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  if (token !== null) headers['X-Vault-Token'] = token;
  const answer = await fetch(`${url}/v1/${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return { status: answer.status, body: text === '' ? undefined : (JSON.parse(text) as Record<string, any>) };
}

describe('batch tokens: the engine issues them, the action neither renews nor revokes them', () => {
  let cluster: EngineProcess;
  let issuer: OidcIssuer;
  let client: EngineClient;
  let active: string;
  let standby: string;
  before(async () => {
    issuer = await startOidcIssuer();
    cluster = await startEngine({ args: ['--nodes', '2', '--replication-lag', '60s', '--flavor', 'openbao'] });
    client = await prepareEngine(cluster, issuer);
    active = cluster.nodes[0]?.url ?? '';
    standby = cluster.nodes[1]?.url ?? '';
    const role = await send(active, 'GET', `auth/jwt/role/${JWT_ROLE}`, cluster.rootToken);
    const written = await send(active, 'POST', `auth/jwt/role/${BATCH_ROLE}`, cluster.rootToken, {
      ...role.body?.data,
      token_type: 'batch',
      token_ttl: '5m',
    });
    assert.equal(written.status, 204, JSON.stringify(written.body));
  });
  after(async () => {
    await cluster.stop();
    await issuer.stop();
  });

  const loginAs = async (role: string): Promise<Answer> =>
    send(active, 'POST', 'auth/jwt/login', null, { role, jwt: await issuer.sign({ aud: AUDIENCE }) });

  it('a batch login: token_type batch, no accessor, not renewable, the role reads back batch', async () => {
    const login = await loginAs(BATCH_ROLE);
    assert.equal(login.status, 200, JSON.stringify(login.body));
    const auth = login.body?.auth;
    assert.equal(auth.token_type, 'batch');
    assert.equal(auth.accessor, '');
    assert.equal(auth.renewable, false);
    assert.equal(auth.lease_duration, 300);
    const self = await send(active, 'GET', 'auth/token/lookup-self', auth.client_token);
    assert.equal(self.body?.data.type, 'batch');
    assert.equal(self.body?.data.accessor, '');
    const role = await send(active, 'GET', `auth/jwt/role/${BATCH_ROLE}`, cluster.rootToken);
    assert.equal(role.body?.data.token_type, 'batch');
    assert.deepEqual(role.body?.warnings ?? [], [], 'no "keyfob issues service tokens" warning any more');
  });

  it('renew-self and revoke-self are refused with the real messages; the token keeps working', async () => {
    const token = (await loginAs(BATCH_ROLE)).body?.auth.client_token as string;
    const renew = await send(active, 'POST', 'auth/token/renew-self', token, {});
    assert.deepEqual([renew.status, renew.body?.errors], [400, ['batch tokens cannot be renewed']]);
    const revoke = await send(active, 'POST', 'auth/token/revoke-self', token, {});
    assert.deepEqual([revoke.status, revoke.body?.errors], [400, ['batch tokens cannot be revoked']]);
    assert.equal((await send(active, 'GET', 'auth/token/lookup-self', token)).status, 200);
  });

  it("a lease made with a batch token ends with the token's TTL", async () => {
    const batch = (await loginAs(BATCH_ROLE)).body?.auth.client_token as string;
    const service = (await loginAs(JWT_ROLE)).body?.auth.client_token as string;
    // deploy's STS default is 15m: the service token (10m) does not cap it, the batch token (5m) does.
    const withBatch = await send(active, 'POST', 'cloud/sts/deploy', batch, {});
    const withService = await send(active, 'POST', 'cloud/sts/deploy', service, {});
    assert.equal(withBatch.status, 200, JSON.stringify(withBatch.body));
    assert.ok(withBatch.body?.lease_duration <= 300, `batch lease ${withBatch.body?.lease_duration} s`);
    assert.equal(withService.body?.lease_duration, 900);
  });

  it('a standby knows a batch token at once (it carries its own record); a service token only once replicated', async () => {
    const batch = (await loginAs(BATCH_ROLE)).body?.auth.client_token as string;
    const service = (await loginAs(JWT_ROLE)).body?.auth.client_token as string;
    assert.equal((await send(standby, 'GET', 'auth/token/lookup-self', batch)).status, 200);
    assert.equal((await send(standby, 'GET', 'auth/token/lookup-self', service)).status, 403);
  });

  describe('the bundled action, behind a recording balancer over both nodes', () => {
    let balancer: RoundRobin;
    before(async () => {
      balancer = await startRoundRobin(cluster.nodes.map((n) => n.url));
    });
    after(() => balancer.stop());

    it('logs in, gets iam_user keys, never calls renew-self or revoke-self; the post step revokes the lease', async () => {
      const step = {
        inputs: { url: balancer.url, role: 'ci-user', 'jwt-role': BATCH_ROLE, 'jwt-audience': AUDIENCE },
        env: issuer.env,
      };
      const main = await runStep('main', step);
      assert.equal(main.exitCode, 0, main.stdout + main.stderr);
      assert.match(main.stdout, /batch token: it is not renewed or revoked/);
      const keys = { access_key: main.env.CLOUD_ACCESS_KEY ?? '', secret_key: main.env.CLOUD_SECRET_KEY ?? '' };
      assert.equal((await client.dev.whoami(keys)).ok, true);
      const post = await runStep('post', { ...step, state: main.state });
      assert.equal(post.exitCode, 0, post.stdout + post.stderr);
      assert.match(post.stdout, /Revoked lease cloud\/creds\/ci-user\//);
      assert.equal((await client.dev.whoami(keys)).ok, false, 'the lease was revoked: its user is gone');
      const tokenCalls = balancer.sent.filter((r) => /auth\/token\/(renew|revoke)/.test(r.path));
      assert.deepEqual(tokenCalls, [], 'no renew or revoke call with a batch token');
      assert.ok(balancer.sent.some((r) => r.path === '/v1/sys/leases/revoke'));
    });
  });
});
