import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { run } from '../src/main.ts';
import { credsAnswer, fakeEngine, testDeps, type SeenRequest } from './fake-engine.ts';
import { FakeRunner } from './fake-runner.ts';

const oidc = {
  ACTIONS_ID_TOKEN_REQUEST_URL: 'http://runner.test/idtoken?api-version=2.0',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'runner-request-token-123',
};
const CLIENT_TOKEN = 'hvs.client-token-from-jwt-login-01';
const IAM = {
  access_key: 'AKIALOGINTEST000001',
  secret_key: 'login/secret/key/000000000000000000001',
  session_token: null,
};

/** A JWT-shaped token whose payload names the audience and a counter, so fresh tokens differ. */
function idToken(aud: string, n: number): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'RS256' })}.${part({ iss: 'https://token.actions.githubusercontent.com', sub: 'repo:octo/app:ref:refs/heads/main', aud, n })}.c2lnbmF0dXJlLXNpZ25hdHVyZQ`;
}

function setup(loginAnswers: Parameters<typeof fakeEngine>[0][string], extra: Record<string, string> = {}) {
  const runner = new FakeRunner(
    { url: 'http://engine.test:8200', role: 'ci-user', 'jwt-role': 'gh-ci', 'jwt-audience': 'keyfob', ...extra },
    { ...oidc },
  );
  let issued = 0;
  const tokens: string[] = [];
  const engine = fakeEngine({
    'GET /idtoken': (req: SeenRequest) => {
      assert.equal(req.headers.get('authorization'), `Bearer ${oidc.ACTIONS_ID_TOKEN_REQUEST_TOKEN}`);
      assert.equal(req.query.get('api-version'), '2.0');
      issued += 1;
      const token = idToken(req.query.get('audience') ?? '', issued);
      tokens.push(token);
      return { status: 200, body: { count: 1, value: token } };
    },
    'POST /v1/auth/jwt/login': loginAnswers,
    'GET /v1/cloud/creds/ci-user': credsAnswer(IAM, { id: 'cloud/creds/ci-user/l1', duration: 3600, renewable: true }),
    'GET /v1/cloud/static-creds/ci-user': {
      status: 200,
      body: { access_key: IAM.access_key, secret_key: IAM.secret_key, expiration: '2026-03-02T00:00:00Z' },
    },
    'POST /v1/auth/token/revoke-self': { status: 204 },
  });
  return { runner, engine, tokens, go: () => run(runner, testDeps(engine.fetch, runner)) };
}

const loggedIn = {
  status: 200,
  body: { auth: { client_token: CLIENT_TOKEN, accessor: 'a', lease_duration: 900, renewable: true, policies: ['ci'] } },
};

describe('run: JWT login through GitHub OIDC', () => {
  it('asks for an ID token with the audience, logs in, masks both tokens first, uses the engine token', async () => {
    const { runner, engine, tokens, go } = setup(loggedIn);
    await go();
    assert.equal(
      runner.events.find((e) => e.kind === 'failed'),
      undefined,
    );
    const login = engine.requests.find((r) => r.path === '/v1/auth/jwt/login');
    assert.deepEqual(login?.body, { role: 'gh-ci', jwt: tokens[0] });
    assert.equal(login?.headers.get('x-service-token'), null, 'no token on the login itself');
    assert.equal(
      engine.requests.find((r) => r.path === '/v1/cloud/creds/ci-user')?.headers.get('x-service-token'),
      CLIENT_TOKEN,
    );
    for (const secret of [tokens[0] ?? '', CLIENT_TOKEN]) {
      assert.ok(runner.masked.has(secret));
      assert.deepEqual(runner.unmaskedAppearances(secret), []);
      assert.ok(!runner.printed().some((l) => l.includes(secret)));
    }
    assert.ok(
      !engine.requests.some((r) => r.path.endsWith('revoke-self')),
      'the token stays: its iam_user lease lives until the post step',
    );
    assert.equal(
      runner.outputs.get('expiration'),
      '2026-03-01T10:15:00.000Z',
      'the keys die with the 900 s login token, before their 3600 s lease',
    );
  });

  it('fetches a fresh ID token for every login attempt', async () => {
    const { runner, tokens, engine, go } = setup([
      { status: 502, body: { errors: ['upstream'] } },
      { status: 503, body: { errors: ['busy'] } },
      loggedIn,
    ]);
    await go();
    assert.equal(
      runner.events.find((e) => e.kind === 'failed'),
      undefined,
    );
    assert.equal(tokens.length, 3);
    assert.equal(new Set(tokens).size, 3);
    const sent = engine.requests
      .filter((r) => r.path === '/v1/auth/jwt/login')
      .map((r) => (r.body as { jwt: string }).jwt);
    assert.deepEqual(sent, tokens);
  });

  it("explains a refused login with the token's claims, never the token", async () => {
    const { runner, tokens, go } = setup({
      status: 400,
      body: { errors: ['error validating token: invalid audience (aud) claim'] },
    });
    await go();
    const failed = runner.events.filter((e) => e.kind === 'failed');
    assert.equal(failed.length, 1);
    const text = failed[0]?.text ?? '';
    assert.match(
      text,
      /^Could not log in to the engine with the GitHub ID token: POST \/v1\/auth\/jwt\/login answered 400: error validating token/,
    );
    assert.match(text, /`jwt-audience`/);
    assert.match(
      text,
      /claims: iss="https:\/\/token.actions.githubusercontent.com", sub="repo:octo\/app:ref:refs\/heads\/main", aud="keyfob"/,
    );
    assert.ok(!text.includes(tokens[0] ?? 'x'));
  });

  it('revokes its own login token at the end when no lease depends on it', async () => {
    const { engine, go } = setup(loggedIn, { mode: 'static-creds' });
    engine.requests.length = 0;
    await go();
    assert.ok(engine.requests.some((r) => r.path === '/v1/auth/token/revoke-self'));
  });

  it('uses a ready jwt input instead of the runner', async () => {
    const ready = idToken('keyfob', 99);
    const runner = new FakeRunner(
      { url: 'http://engine.test:8200', role: 'ci-user', 'jwt-role': 'gh-ci', jwt: ready },
      {},
    );
    const engine = fakeEngine({
      'POST /v1/auth/jwt/login': loggedIn,
      'GET /v1/cloud/creds/ci-user': credsAnswer(IAM, { id: 'l', duration: 1, renewable: true }),
    });
    await run(runner, testDeps(engine.fetch, runner));
    assert.equal(
      runner.events.find((e) => e.kind === 'failed'),
      undefined,
    );
    assert.deepEqual((engine.requests[0]?.body as { jwt: string }).jwt, ready);
    assert.equal(runner.events[1]?.kind, 'mask');
  });
});
