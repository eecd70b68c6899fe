/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// JWT login (the path GitHub OIDC uses): tokens signed with jose in the test, keys served as a
// JWKS by a tiny local HTTP server; each rejection case answers 400 without echoing the token.
import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { del, get, post, type Answer } from './engine-client.ts';

const ISSUER = 'https://token.actions.githubusercontent.com';
const AUDIENCE = 'https://github.com/keyfob';

/**
 * One call to the engine from a chosen local address (the engine listens on 127.0.0.1; Linux
 * routes all of 127.0.0.0/8 to the loopback, so a client bound to 127.0.0.2 reaches it from there).
 */
function callFrom(
  engine: EngineProcess,
  localAddress: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<Pick<Answer, 'status' | 'body'>> {
  const { hostname, port } = new URL(engine.url);
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        method,
        path: `/v1/${path}`,
        localAddress,
        headers: {
          'X-Vault-Token': token,
          ...(text === undefined
            ? {}
            : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) }),
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data === '' ? undefined : JSON.parse(data) }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

interface Keys {
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
}

describe('JWT auth', () => {
  let engine: EngineProcess;
  let jwks: Server;
  let signer: Keys;
  let stranger: Keys;
  let engineNow = 0;

  /** GitHub-like claims; an `undefined` in `extra` removes that claim. */
  const claims = (extra: Record<string, unknown> = {}): JWTPayload => {
    const all: Record<string, unknown> = {
      iss: ISSUER,
      aud: AUDIENCE,
      sub: 'repo:keyfob/demo:ref:refs/heads/main',
      repository: 'keyfob/demo',
      actor: 'octocat',
      ...extra,
    };
    return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined));
  };
  const sign = (payload: JWTPayload, keys: Keys = signer, kid = 'k1', expiresIn = 300): Promise<string> =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuedAt(Math.floor(engineNow / 1000))
      .setExpirationTime(Math.floor(engineNow / 1000) + expiresIn)
      .sign(keys.privateKey);

  before(async () => {
    signer = await generateKeyPair('RS256');
    stranger = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(signer.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })),
    );
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    engine = await startEngine();
    engineNow = Date.parse((await get(engine, 'sys/dev/clock')).body.data.now);
    const jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks`;
    assert.equal((await post(engine, 'auth/jwt/config', { jwks_url: jwksUrl, bound_issuer: ISSUER })).status, 204);
    const role = {
      role_type: 'jwt',
      user_claim: 'actor',
      bound_audiences: [AUDIENCE],
      bound_claims: { repository: ['keyfob/demo', 'keyfob/other'] },
      token_ttl: '15m',
      token_policies: ['ci'],
    };
    assert.equal((await post(engine, 'auth/jwt/role/ci', role)).status, 204);
    // The login token reaches what the role's policy grants, and nothing else.
    assert.equal(
      (await post(engine, 'sys/policies/acl/ci', { policy: 'path "cloud/sts/deploy" { capabilities = ["update"] }' }))
        .status,
      204,
    );
    await post(engine, 'cloud/roles/deploy', {
      credential_type: 'assumed_role',
      role_arns: 'arn:aws:iam::123456789012:role/deploy',
    });
  });
  after(async () => {
    try {
      await engine?.stop();
    } finally {
      jwks.closeAllConnections();
      await new Promise((resolve) => jwks.close(resolve));
    }
  });

  it('logs in with a valid token and the client token works', async () => {
    const answer = await post(engine, 'auth/jwt/login', { role: 'ci', jwt: await sign(claims()) }, { token: null });
    assert.equal(answer.status, 200, answer.text);
    const { auth } = answer.body;
    assert.deepEqual([auth.lease_duration, auth.metadata, auth.policies], [900, { role: 'ci' }, ['ci', 'default']]);
    const self = await get(engine, 'auth/token/lookup-self', { token: auth.client_token });
    assert.equal(self.body.data.display_name, 'jwt-octocat');
    const creds = await post(engine, 'cloud/sts/deploy', {}, { token: auth.client_token });
    assert.equal(creds.status, 200, creds.text);
    assert.match(creds.body.data.arn, /\/keyfob-jwt-octocat-deploy-/);
  });

  it('accepts a token that expired within the leeway', async () => {
    const jwt = await sign(claims(), signer, 'k1', -30);
    assert.equal((await post(engine, 'auth/jwt/login', { role: 'ci', jwt }, { token: null })).status, 200);
  });

  const rejections: { name: string; make: () => Promise<string>; role?: string; error: RegExp }[] = [
    {
      name: 'expired',
      make: () => sign(claims(), signer, 'k1', -600),
      error: /^error validating token: invalid expiration time \(exp\) claim: token is expired$/,
    },
    {
      name: 'not yet valid',
      make: () => sign(claims({ nbf: Math.floor(engineNow / 1000) + 600 })),
      error: /^error validating token: invalid not before \(nbf\) claim: token not yet valid$/,
    },
    {
      name: 'wrong audience',
      make: () => sign(claims({ aud: 'https://elsewhere' })),
      error:
        /^error validating token: invalid audience \(aud\) claim: audience claim does not match any expected audience$/,
    },
    {
      name: 'wrong issuer',
      make: () => sign(claims({ iss: 'https://evil.example' })),
      error: /^error validating token: invalid issuer \(iss\) claim$/,
    },
    {
      name: 'bound claim mismatch',
      make: () => sign(claims({ repository: 'someone/else' })),
      error: /^error validating claims: claim "repository" does not match any associated bound claim values$/,
    },
    {
      name: 'missing user claim',
      make: () => sign(claims({ actor: undefined })),
      error: /^claim "actor" not found in token$/,
    },
    { name: 'signed by another key', make: () => sign(claims(), stranger), error: /signature/ },
    {
      name: 'unknown key id',
      make: () => sign(claims(), stranger, 'k9'),
      error: /^error validating token: error verifying token signature: /,
    },
    {
      name: 'not a JWT',
      make: () => Promise.resolve('not.a.jwt'),
      error: /^error validating token: error verifying token signature: malformed JWT$/,
    },
    { name: 'unknown role', make: () => sign(claims()), role: 'nobody', error: /role "nobody" could not be found/ },
    { name: 'no token', make: () => Promise.resolve(''), error: /missing token/ },
  ];
  for (const c of rejections) {
    it(`rejects: ${c.name} (400, token not echoed)`, async () => {
      const jwt = await c.make();
      const answer = await post(engine, 'auth/jwt/login', { role: c.role ?? 'ci', jwt }, { token: null });
      assert.equal(answer.status, 400, answer.text);
      assert.match(answer.body.errors.join('\n'), c.error);
      if (jwt.length > 20) assert.equal(answer.text.includes(jwt.split('.')[1] ?? jwt), false);
    });
  }

  it('rejects a token once the engine clock passes its expiry', async () => {
    const jwt = await sign(claims(), signer, 'k1', 600);
    await post(engine, 'sys/dev/clock', { advanceSeconds: 900 });
    engineNow += 900_000;
    const answer = await post(engine, 'auth/jwt/login', { role: 'ci', jwt }, { token: null });
    assert.equal(answer.status, 400);
    assert.match(answer.body.errors[0], /expired/);
  });

  it('refuses a token with an audience when the role binds none', async () => {
    assert.equal(
      (
        await post(engine, 'auth/jwt/role/subject-only', {
          role_type: 'jwt',
          user_claim: 'sub',
          bound_subject: 'repo:keyfob/demo:ref:refs/heads/main',
        })
      ).status,
      204,
    );
    const withAud = await post(
      engine,
      'auth/jwt/login',
      { role: 'subject-only', jwt: await sign(claims()) },
      { token: null },
    );
    assert.equal(withAud.status, 400);
    assert.match(withAud.body.errors[0], /no audiences bound/);
    const noAud = await post(
      engine,
      'auth/jwt/login',
      { role: 'subject-only', jwt: await sign(claims({ aud: undefined })) },
      { token: null },
    );
    assert.equal(noAud.status, 200, noAud.text);
  });

  describe('token_bound_cidrs', () => {
    const written: string[] = [];
    const writeRole = async (name: string, extra: Record<string, unknown>): Promise<void> => {
      const answer = await post(engine, `auth/jwt/role/${name}`, { role_type: 'jwt', user_claim: 'actor', ...extra });
      assert.equal(answer.status, 204, answer.text);
      written.push(name);
    };
    after(async () => {
      for (const name of written) await del(engine, `auth/jwt/role/${name}`);
    });

    it('a role bound only by a CIDR that excludes the caller refuses a valid JWT: 403 before the JWT is read', async () => {
      await writeRole('cidr-out', { token_bound_cidrs: ['10.0.0.0/8', '::1'], token_policies: ['ci'] });
      for (const jwt of [await sign(claims({ aud: undefined })), 'not.a.jwt']) {
        const answer = await post(engine, 'auth/jwt/login', { role: 'cidr-out', jwt }, { token: null });
        assert.equal(answer.status, 403, answer.text);
        assert.match(answer.body.errors[0], /permission denied/);
      }
      // The real engine's earlier checks still come first.
      const noJwt = await post(engine, 'auth/jwt/login', { role: 'cidr-out', jwt: '' }, { token: null });
      assert.deepEqual([noJwt.status, noJwt.body.errors], [400, ['missing token']]);
    });

    it('a role bound only by a CIDR that includes the caller logs in; the token carries the CIDRs', async () => {
      await writeRole('cidr-in', { token_bound_cidrs: '127.0.0.1/32', token_policies: ['ci'] });
      const read = await get(engine, 'auth/jwt/role/cidr-in');
      assert.deepEqual(read.body.data.token_bound_cidrs, ['127.0.0.1']);
      const login = await post(
        engine,
        'auth/jwt/login',
        { role: 'cidr-in', jwt: await sign(claims({ aud: undefined })) },
        { token: null },
      );
      assert.equal(login.status, 200, login.text);
      const token: string = login.body.auth.client_token;
      const self = await get(engine, 'auth/token/lookup-self', { token });
      assert.deepEqual(self.body.data.bound_cidrs, ['127.0.0.1']);
      // A token bound to no CIDR shows none.
      assert.equal((await get(engine, 'auth/token/lookup-self')).body.data.bound_cidrs, undefined);
    });

    it('the login token is refused on use from outside its CIDRs, on every path, and so is its child', async () => {
      assert.equal(
        (
          await post(engine, 'sys/policies/acl/mint', {
            policy: 'path "auth/token/create" { capabilities = ["update"] }',
          })
        ).status,
        204,
      );
      await writeRole('cidr-one', { token_bound_cidrs: ['127.0.0.1'], token_policies: ['ci', 'mint'] });
      const login = await post(
        engine,
        'auth/jwt/login',
        { role: 'cidr-one', jwt: await sign(claims({ aud: undefined })) },
        { token: null },
      );
      assert.equal(login.status, 200, login.text);
      const token: string = login.body.auth.client_token;
      const inside = await callFrom(engine, '127.0.0.1', 'POST', 'cloud/sts/deploy', token, {});
      assert.equal(inside.status, 200, JSON.stringify(inside.body));
      for (const [method, path] of [
        ['POST', 'cloud/sts/deploy'],
        ['GET', 'auth/token/lookup-self'],
        ['GET', 'cloud/roles/nothing-here'],
      ] as const) {
        const outside = await callFrom(engine, '127.0.0.2', method, path, token, method === 'POST' ? {} : undefined);
        assert.equal(outside.status, 403, `${method} ${path}: ${JSON.stringify(outside.body)}`);
        assert.match(outside.body.errors[0], /permission denied/);
      }
      // A child token is bound to its parent's CIDRs, so it cannot escape them.
      const child = await callFrom(engine, '127.0.0.1', 'POST', 'auth/token/create', token, { policies: ['ci'] });
      assert.equal(child.status, 200, JSON.stringify(child.body));
      const childToken: string = child.body.auth.client_token;
      assert.equal((await callFrom(engine, '127.0.0.2', 'GET', 'auth/token/lookup-self', childToken)).status, 403);
      const childSelf = await callFrom(engine, '127.0.0.1', 'GET', 'auth/token/lookup-self', childToken);
      assert.deepEqual([childSelf.status, childSelf.body.data.bound_cidrs], [200, ['127.0.0.1']]);
      // A whole block includes every address in it.
      await writeRole('cidr-block', { token_bound_cidrs: ['127.0.0.0/8'], token_policies: ['ci'] });
      const blockLogin = await post(
        engine,
        'auth/jwt/login',
        { role: 'cidr-block', jwt: await sign(claims({ aud: undefined })) },
        { token: null },
      );
      const blockToken: string = blockLogin.body.auth.client_token;
      assert.equal((await callFrom(engine, '127.0.0.2', 'POST', 'cloud/sts/deploy', blockToken, {})).status, 200);
    });

    it('a role write with a bad CIDR is refused with 400 and the real engine message; nothing is stored', async () => {
      const answer = await post(engine, 'auth/jwt/role/cidr-bad', {
        role_type: 'jwt',
        user_claim: 'actor',
        bound_audiences: [AUDIENCE],
        token_bound_cidrs: ['10.0.0.0/8', '10.0.0.300'],
      });
      assert.equal(answer.status, 400, answer.text);
      assert.match(
        answer.body.errors[0],
        /^error parsing address "10\.0\.0\.300": Unable to convert "10\.0\.0\.300" to an IPv4 or IPv6 address, or a UNIX Socket \(token_bound_cidrs: /,
      );
      assert.equal((await get(engine, 'auth/jwt/role/cidr-bad')).status, 404);
    });

    it('a token_period above the system maximum is refused with the real engine message', async () => {
      const answer = await post(engine, 'auth/jwt/role/long-period', {
        role_type: 'jwt',
        user_claim: 'actor',
        bound_audiences: [AUDIENCE],
        token_period: '800h',
      });
      assert.equal(answer.status, 400, answer.text);
      assert.deepEqual(answer.body.errors, [
        `'period' of '"800h0m0s"' is greater than the backend's maximum lease TTL of '"768h0m0s"'`,
      ]);
    });
  });

  it('a role with groups_claim refuses a token without that claim, as the real engine builds the identity', async () => {
    assert.equal(
      (
        await post(engine, 'auth/jwt/role/grouped', {
          role_type: 'jwt',
          user_claim: 'actor',
          bound_audiences: [AUDIENCE],
          groups_claim: 'teams',
        })
      ).status,
      204,
    );
    const without = await post(
      engine,
      'auth/jwt/login',
      { role: 'grouped', jwt: await sign(claims()) },
      { token: null },
    );
    assert.deepEqual([without.status, without.body.errors], [400, ['"teams" claim not found in token']]);
    const withTeams = await post(
      engine,
      'auth/jwt/login',
      { role: 'grouped', jwt: await sign(claims({ teams: ['deployers'] })) },
      { token: null },
    );
    assert.equal(withTeams.status, 200, withTeams.text);
    assert.equal((await del(engine, 'auth/jwt/role/grouped')).status, 204);
  });

  it('verifies against configured PEM keys (ES256)', async () => {
    const es = await generateKeyPair('ES256');
    assert.equal(
      (
        await post(engine, 'auth/jwt/config', {
          jwt_validation_pubkeys: [await exportSPKI(es.publicKey)],
          bound_issuer: ISSUER,
        })
      ).status,
      204,
    );
    const jwt = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'ES256' })
      .setExpirationTime(Math.floor(engineNow / 1000) + 300)
      .sign(es.privateKey);
    assert.equal((await post(engine, 'auth/jwt/login', { role: 'ci', jwt }, { token: null })).status, 200);
    const other = await post(engine, 'auth/jwt/login', { role: 'ci', jwt: await sign(claims()) }, { token: null });
    assert.equal(other.status, 400);
    assert.match(other.body.errors[0], /no known key/);
  });

  const configErrors = [
    { name: 'both a JWKS URL and keys', body: { jwks_url: 'http://127.0.0.1:1/jwks', jwt_validation_pubkeys: ['x'] } },
    { name: 'neither', body: { bound_issuer: ISSUER } },
    { name: 'a key that is not PEM', body: { jwt_validation_pubkeys: ['not a key'] } },
  ];
  for (const c of configErrors) {
    it(`config refuses ${c.name}`, async () => {
      assert.equal((await post(engine, 'auth/jwt/config', c.body)).status, 400);
    });
  }

  it('role writes need a user claim and a bound constraint; roles read, list and delete', async () => {
    assert.equal((await post(engine, 'auth/jwt/role/bad', { bound_audiences: [AUDIENCE] })).status, 400);
    assert.equal((await post(engine, 'auth/jwt/role/bad', { role_type: 'jwt', user_claim: 'sub' })).status, 400);
    const read = await get(engine, 'auth/jwt/role/ci');
    assert.deepEqual(read.body.data.bound_claims, { repository: ['keyfob/demo', 'keyfob/other'] });
    assert.deepEqual((await get(engine, 'auth/jwt/role?list=true')).body.data.keys, ['ci', 'subject-only']);
    assert.equal((await del(engine, 'auth/jwt/role/subject-only')).status, 204);
    assert.equal((await get(engine, 'auth/jwt/role/subject-only')).status, 404);
  });
});
