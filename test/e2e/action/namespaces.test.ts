/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-explicit-any -- engine answers are JSON read loosely; every assertion checks the shape it reads. */
// Namespaces (OpenBao / Vault Enterprise style) on keyfob serve --namespace: the header or a path
// prefix selects one; its mounts, policies, JWT auth and tokens are its own; a token of one
// namespace is refused in another. The bundled action with `namespace: team-a`, run as the runner
// runs it behind a recording proxy, sends X-Vault-Namespace on the JWT login and on the credential
// read; without it, or with another namespace, the login finds no JWT auth there and fails.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { EngineClient } from '@keyfob/shared/client';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { startOidcIssuer, type OidcIssuer } from '../../helpers/oidc-issuer.ts';
import { runStep } from '../../helpers/run-action.ts';
import { startRoundRobin, type RoundRobin } from '../../helpers/round-robin.ts';
import { assertNoLeak, exportedSecrets } from './leak-check.ts';
import { AUDIENCE, ciJwtRole, DEPLOY_ARN, JWT_ROLE, prepareEngine } from './setup.ts';

async function send(
  engine: EngineProcess,
  method: string,
  path: string,
  options: { body?: unknown; token?: string | null; namespace?: string } = {},
): Promise<{ status: number; body: Record<string, any> | undefined }> {
  const headers: Record<string, string> = options.body === undefined ? {} : { 'content-type': 'application/json' };
  const token = options.token === undefined ? engine.rootToken : options.token;
  if (token !== null) headers['X-Vault-Token'] = token;
  if (options.namespace !== undefined) headers['X-Vault-Namespace'] = options.namespace;
  const answer = await fetch(`${engine.url}/v1/${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await answer.text();
  return { status: answer.status, body: text === '' ? undefined : (JSON.parse(text) as Record<string, any>) };
}

describe('namespaces: the engine keeps them apart, the action sends its namespace on every call', () => {
  let engine: EngineProcess;
  let issuer: OidcIssuer;
  let client: EngineClient;
  let balancer: RoundRobin;
  before(async () => {
    issuer = await startOidcIssuer();
    engine = await startEngine({ args: ['--namespace', 'team-a', '--namespace', 'team-b'] });
    client = await prepareEngine(engine); // the root namespace: the cloud's fixtures, roles, no JWT auth
    const inTeamA = async (path: string, body: unknown): Promise<void> => {
      const answer = await send(engine, 'POST', path, { body, namespace: 'team-a' });
      assert.ok(answer.status < 300, `${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    };
    await inTeamA('cloud/roles/deploy-a', { credential_type: 'assumed_role', role_arns: [DEPLOY_ARN] });
    await inTeamA('sys/policies/acl/ci', { policy: 'path "cloud/sts/deploy-a" { capabilities = ["update"] }' });
    await inTeamA('auth/jwt/config', { jwks_url: issuer.jwksUrl, bound_issuer: issuer.issuer });
    await inTeamA(`auth/jwt/role/${JWT_ROLE}`, ciJwtRole());
    balancer = await startRoundRobin([engine.url]);
  });
  after(async () => {
    await balancer.stop();
    await engine.stop();
    await issuer.stop();
  });

  const login = async (
    namespace: string | undefined,
  ): Promise<{ status: number; body: Record<string, any> | undefined }> =>
    send(engine, 'POST', 'auth/jwt/login', {
      body: { role: JWT_ROLE, jwt: await issuer.sign({ aud: AUDIENCE }) },
      token: null,
      ...(namespace === undefined ? {} : { namespace }),
    });

  it('a namespace is chosen by the header or by a path prefix; an unknown one is 404 namespace not found', async () => {
    const byHeader = await send(engine, 'GET', 'cloud/roles/deploy-a', { namespace: 'team-a' });
    assert.equal(byHeader.status, 200, JSON.stringify(byHeader.body));
    const byPath = await send(engine, 'GET', 'team-a/cloud/roles/deploy-a');
    assert.equal(byPath.status, 200, JSON.stringify(byPath.body));
    const slashes = await send(engine, 'GET', 'cloud/roles/deploy-a', { namespace: '/team-a/' });
    assert.equal(slashes.status, 200);
    assert.equal((await send(engine, 'GET', 'cloud/roles/deploy-a')).status, 404, 'not in the root namespace');
    assert.equal((await send(engine, 'GET', 'cloud/roles/deploy-a', { namespace: 'team-b' })).status, 404);
    const unknown = await send(engine, 'GET', 'cloud/roles/deploy-a', { namespace: 'team-z' });
    assert.deepEqual([unknown.status, unknown.body?.errors], [404, ['namespace not found']]);
  });

  it("a token lives in its namespace: team-a's login token is refused in the root namespace and in team-b", async () => {
    const answer = await login('team-a');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const token = answer.body?.auth.client_token as string;
    assert.equal(
      (await send(engine, 'POST', 'cloud/sts/deploy-a', { body: {}, token, namespace: 'team-a' })).status,
      200,
    );
    assert.equal((await send(engine, 'POST', 'team-a/cloud/sts/deploy-a', { body: {}, token })).status, 200);
    assert.equal((await send(engine, 'GET', 'auth/token/lookup-self', { token })).status, 403, 'root namespace');
    assert.equal((await send(engine, 'GET', 'auth/token/lookup-self', { token, namespace: 'team-b' })).status, 403);
    assert.equal((await send(engine, 'GET', 'auth/token/lookup-self', { token, namespace: 'team-a' })).status, 200);
  });

  it('JWT auth lives in its namespace: the login fails in the root namespace and in team-b', async () => {
    for (const namespace of [undefined, 'team-b']) {
      const answer = await login(namespace);
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
    }
  });

  it('the action sends namespace on the JWT login and the credential read, and gets team-a credentials', async () => {
    const inputs = { url: balancer.url, mode: 'sts', role: 'deploy-a', 'jwt-role': JWT_ROLE, 'jwt-audience': AUDIENCE };
    const before = balancer.sent.length;
    const run = await runStep('main', { inputs: { ...inputs, namespace: 'team-a' }, env: issuer.env });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    const sent = balancer.sent.slice(before);
    const loginCall = sent.find((r) => r.path === '/v1/auth/jwt/login');
    const credsCall = sent.find((r) => r.path === '/v1/cloud/sts/deploy-a');
    assert.equal(loginCall?.namespace, 'team-a', 'the JWT login carries X-Vault-Namespace');
    assert.equal(credsCall?.namespace, 'team-a', 'the credential read carries X-Vault-Namespace');
    assert.ok(
      sent.every((r) => r.namespace === 'team-a'),
      JSON.stringify(sent),
    );
    const keys = {
      access_key: run.env.CLOUD_ACCESS_KEY ?? '',
      secret_key: run.env.CLOUD_SECRET_KEY ?? '',
      session_token: run.env.CLOUD_SESSION_TOKEN ?? '',
    };
    assert.equal((await client.dev.whoami(keys)).ok, true);
    assertNoLeak('namespace team-a', run, exportedSecrets(run));

    for (const namespace of ['', 'team-b']) {
      const refused = await runStep('main', {
        inputs: { ...inputs, ...(namespace === '' ? {} : { namespace }) },
        env: issuer.env,
      });
      assert.notEqual(refused.exitCode, 0, `namespace "${namespace}"`);
      assert.match(refused.outputs['error-message'] ?? '', /auth\/jwt\/login answered 400/);
      assert.deepEqual(exportedSecrets(refused), []);
    }
  });
});
