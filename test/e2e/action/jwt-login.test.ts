// The JWT login through GitHub OIDC, end to end: the bundled action asks the local issuer (standing
// in for ACTIONS_ID_TOKEN_REQUEST_URL) for an ID token, the engine verifies it against the issuer's
// JWKS, and the engine token it returns fetches the credentials.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { EngineClient } from '@keyfob/shared/client';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { startOidcIssuer, type OidcIssuer } from '../../helpers/oidc-issuer.ts';
import { runStep } from '../../helpers/run-action.ts';
import { startFlakyProxy, type FlakyProxy } from './flaky-proxy.ts';
import { assertNoLeak, exportedSecrets } from './leak-check.ts';
import { AUDIENCE, JWT_ROLE, prepareEngine } from './setup.ts';

describe('action e2e: GitHub OIDC login', () => {
  let engine: EngineProcess;
  let issuer: OidcIssuer;
  let proxy: FlakyProxy;
  let client: EngineClient;
  before(async () => {
    issuer = await startOidcIssuer();
    engine = await startEngine();
    client = await prepareEngine(engine, issuer);
    proxy = await startFlakyProxy(engine.url);
  });
  after(async () => {
    await proxy.stop();
    await engine.stop();
    await issuer.stop();
  });
  const jwtInputs = (extra: Record<string, string> = {}) => ({
    url: engine.url,
    role: 'ci-user',
    'jwt-role': JWT_ROLE,
    'jwt-audience': AUDIENCE,
    ...extra,
  });

  it('logs in with a fresh ID token for the audience, gets working keys, and revokes them afterwards', async () => {
    const before = issuer.issued.length;
    const step = { inputs: jwtInputs(), env: issuer.env };
    const main = await runStep('main', step);
    assert.equal(main.exitCode, 0, main.stdout + main.stderr);
    assert.equal(issuer.issued.length, before + 1);
    assert.deepEqual(issuer.audiences.slice(-1), [AUDIENCE]);
    assert.match(main.stdout, /Logged in to the engine through auth\/jwt as role gh-ci \(token valid 600 s\)/);
    const keys = { access_key: main.env.CLOUD_ACCESS_KEY ?? '', secret_key: main.env.CLOUD_SECRET_KEY ?? '' };
    assert.equal((await client.dev.whoami(keys)).ok, true);
    const lifetime = Date.parse(main.outputs.expiration ?? '') - Date.now();
    assert.ok(lifetime <= 600_000 && lifetime > 500_000, 'the keys last as long as the 10-minute login token');
    const post = await runStep('post', { ...step, state: main.state });
    assert.equal(post.exitCode, 0, post.stdout + post.stderr);
    assert.equal(issuer.issued.length, before + 2, 'the post step logs in again with a fresh ID token');
    assert.equal((await client.dev.whoami(keys)).ok, false);
    const idTokens = issuer.issued.slice(before);
    assertNoLeak('jwt login', main, [...idTokens, ...exportedSecrets(main)]);
    assertNoLeak('jwt post step', post, [...idTokens, ...exportedSecrets(main)]);
    assert.ok(
      idTokens.every((t) => main.masks.includes(t) || post.masks.includes(t)),
      'every ID token is masked',
    );
  });

  it('asks for a fresh ID token on every login attempt', async () => {
    proxy.setRules([{ method: 'POST', path: '/v1/auth/jwt/login', fail: { times: 2, status: 503 } }]);
    const before = issuer.issued.length;
    const run = await runStep('main', {
      inputs: jwtInputs({ url: proxy.url, mode: 'sts', role: 'deploy' }),
      env: issuer.env,
    });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    const sent = issuer.issued.slice(before);
    assert.equal(sent.length, 3);
    assert.equal(new Set(sent).size, 3);
    assert.equal(proxy.seen.filter((s) => s === 'POST /v1/auth/jwt/login').length, 3);
    assert.equal((run.stdout.match(/with a fresh ID token in \d+ ms/g) ?? []).length, 2);
    assertNoLeak('jwt login retried', run, [...sent, ...exportedSecrets(run)]);
  });

  it("a ready jwt input works without the runner's token service", async () => {
    const jwt = await issuer.sign({ aud: AUDIENCE });
    const run = await runStep('main', { inputs: jwtInputs({ jwt, mode: 'sts', role: 'deploy' }) });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.masks[0], jwt, 'the jwt input is masked before anything else');
    assertNoLeak('ready jwt', run, [jwt, ...exportedSecrets(run)]);
  });

  it('says permissions: id-token: write when the runner offers no token', async () => {
    const run = await runStep('main', { inputs: jwtInputs({ 'auth-method': 'jwt' }) });
    assert.equal(run.exitCode, 1);
    assert.match(
      run.stdout,
      /::error::Invalid input: auth-method jwt needs a GitHub OIDC token, but the runner offers none: add `permissions: id-token: write`/,
    );
    assertNoLeak('no OIDC', run, []);
  });

  it("explains a refused login with the token's claims, never the token", async () => {
    const before = issuer.issued.length;
    const run = await runStep('main', { inputs: jwtInputs({ 'jwt-audience': 'someone-else' }), env: issuer.env });
    assert.equal(run.exitCode, 1);
    const [error] = run.stdout.split('\n').filter((l) => l.startsWith('::error::'));
    assert.match(
      error ?? '',
      /Could not log in to the engine with the GitHub ID token: POST \/v1\/auth\/jwt\/login answered 400: .*aud/,
    );
    assert.match(error ?? '', /`jwt-audience`/);
    assert.match(
      error ?? '',
      /claims: iss="http:\/\/127\.0\.0\.1:\d+", sub="repo:octo\/app:ref:refs\/heads\/main", aud="someone-else", job_workflow_ref=/,
    );
    assertNoLeak('refused login', run, issuer.issued.slice(before));
  });

  it("gets credentials only for the roles the JWT role's policy grants: 403 for the rest", async () => {
    const granted = await runStep('main', { inputs: jwtInputs({ mode: 'sts', role: 'deploy' }), env: issuer.env });
    assert.equal(granted.exitCode, 0, granted.stdout + granted.stderr);
    const refused = await runStep('main', { inputs: jwtInputs({ role: 'reports' }), env: issuer.env });
    assert.equal(refused.exitCode, 1, refused.stdout);
    const [error] = refused.stdout.split('\n').filter((l) => l.startsWith('::error::'));
    assert.match(error ?? '', /403/);
    assert.match(error ?? '', /permission denied/);
    assert.equal(refused.env.CLOUD_ACCESS_KEY, undefined, 'no credentials exported');
    assertNoLeak('refused role', refused, [...issuer.issued, ...exportedSecrets(granted)]);
  });

  it('refuses at login an ID token from another repository of the same issuer', async () => {
    const jwt = await issuer.sign({ aud: AUDIENCE, repository: 'evil/app', sub: 'repo:evil/app:ref:refs/heads/main' });
    const run = await runStep('main', { inputs: jwtInputs({ jwt, mode: 'sts', role: 'deploy' }) });
    assert.equal(run.exitCode, 1, run.stdout);
    assert.match(
      run.stdout,
      /::error::.*answered 400: error validating claims: claim "repository" does not match any associated bound claim values/,
    );
    assert.equal(run.env.CLOUD_ACCESS_KEY, undefined);
    assertNoLeak('foreign repository', run, [jwt]);
  });

  it('retries a failing token service, then reports it', async () => {
    issuer.failNext(1, 503);
    const recovered = await runStep('main', { inputs: jwtInputs({ mode: 'sts', role: 'deploy' }), env: issuer.env });
    assert.equal(recovered.exitCode, 0, recovered.stdout);
    assert.match(
      recovered.stdout,
      /Getting the ID token failed \(the runner's token service answered 503\); attempt 2 of 5 with a fresh ID token/,
    );
    issuer.failNext(3, 500);
    const run = await runStep('main', { inputs: jwtInputs({ 'max-attempts': '2' }), env: issuer.env });
    assert.equal(run.exitCode, 1);
    assert.match(
      run.stdout,
      /::error::Could not get a GitHub OIDC ID token: the runner's token service answered 500\. Hint: .*id-token: write/,
    );
    issuer.failNext(0, 500);
    assertNoLeak('token service down', run, [issuer.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN]);
    assertNoLeak('token service recovered', recovered, [...exportedSecrets(recovered)]);
  });
});
