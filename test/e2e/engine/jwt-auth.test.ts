/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// JWT login (the path GitHub OIDC uses): tokens signed with jose in the test, keys served as a
// JWKS by a tiny local HTTP server; each rejection case answers 400 without echoing the token.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { del, get, post } from './engine-client.ts';

const ISSUER = 'https://token.actions.githubusercontent.com';
const AUDIENCE = 'https://github.com/keyfob';

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
