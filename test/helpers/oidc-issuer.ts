// A local stand-in for GitHub's OIDC token service: serves ACTIONS_ID_TOKEN_REQUEST_URL (an ID token
// per request, signed with jose) and the JWKS the engine verifies those tokens against.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { CompactSign, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

/** Options of `startOidcIssuer`. */
export interface OidcIssuerOptions {
  /** Claims every token carries (beside iss, aud, iat, nbf, exp); GitHub-like defaults. */
  readonly claims?: JWTPayload;
  /** Seconds a token lives; GitHub's live about five minutes. */
  readonly lifetimeSeconds?: number;
}

/** A running issuer. */
export interface OidcIssuer {
  /** The `iss` claim and base URL, e.g. `http://127.0.0.1:41234`. */
  readonly issuer: string;
  /** Where the engine fetches the keys (`auth/jwt/config` `jwks_url`). */
  readonly jwksUrl: string;
  /** `ACTIONS_ID_TOKEN_REQUEST_URL` and `ACTIONS_ID_TOKEN_REQUEST_TOKEN`, as the runner sets them. */
  readonly env: Readonly<Record<'ACTIONS_ID_TOKEN_REQUEST_URL' | 'ACTIONS_ID_TOKEN_REQUEST_TOKEN', string>>;
  /** Every token issued so far, in order. */
  readonly issued: readonly string[];
  /** Audiences asked for, in order (`''` when the request named none). */
  readonly audiences: readonly string[];
  /** Signs a token directly (for the `jwt` input), with extra or overriding claims. */
  sign(claims?: JWTPayload): Promise<string>;
  /**
   * Signs a token whose claims include JSON texts written as given (`{ exp: '1e400' }`, `{ iat:
   * '"yesterday"' }`): what JSON.stringify cannot write, and SignJWT would replace.
   */
  signRaw(claims: JWTPayload, raw: Readonly<Record<string, string>>): Promise<string>;
  /** Makes the next `count` token requests fail with `status`. */
  failNext(count: number, status: number): void;
  stop(): Promise<void>;
}

/** GitHub's default audience when the request names none: the repository owner's URL. */
const DEFAULT_AUDIENCE = 'https://github.com/octo';

/**
 * Starts the issuer on 127.0.0.1 with a fresh RS256 key. Token requests must carry
 * `Authorization: Bearer <ACTIONS_ID_TOKEN_REQUEST_TOKEN>`; the answer is `{"count":1,"value":"<jwt>"}`
 * like GitHub's, with `aud` from the `audience` query parameter.
 *
 * @example const issuer = await startOidcIssuer(); after(() => issuer.stop());
 */
export async function startOidcIssuer(options: OidcIssuerOptions = {}): Promise<OidcIssuer> {
  const keys = await generateKeyPair('RS256');
  const kid = randomBytes(6).toString('hex');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const requestToken = `oidc-request-${randomBytes(12).toString('hex')}`;
  const issued: string[] = [];
  const audiences: string[] = [];
  let failures = { count: 0, status: 500 };
  let issuer = '';
  const sign = (claims: JWTPayload = {}): Promise<string> =>
    signToken(
      keys.privateKey,
      kid,
      { iss: issuer, ...githubClaims(), ...options.claims, ...claims },
      options.lifetimeSeconds ?? 300,
    );
  const server = createServer((req, res) => {
    void handle(req, res, {
      jwks: () => json(res, 200, { keys: [jwk] }),
      discovery: () =>
        json(res, 200, {
          issuer,
          jwks_uri: `${issuer}/.well-known/jwks`,
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      token: async (audience) => {
        if (req.headers.authorization !== `Bearer ${requestToken}`)
          return json(res, 401, { message: 'bad request token' });
        if (failures.count > 0) {
          failures = { ...failures, count: failures.count - 1 };
          return json(res, failures.status, { message: 'token service failure' });
        }
        audiences.push(audience ?? '');
        const token = await sign({ aud: audience ?? DEFAULT_AUDIENCE, jti: randomBytes(8).toString('hex') });
        issued.push(token);
        return json(res, 200, { count: 1, value: token });
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    jwksUrl: `${issuer}/.well-known/jwks`,
    env: {
      ACTIONS_ID_TOKEN_REQUEST_URL: `${issuer}/token?api-version=2.0`,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: requestToken,
    },
    issued,
    audiences,
    sign,
    signRaw: (claims, raw) => signRawToken(keys.privateKey, kid, { iss: issuer, ...githubClaims(), ...claims }, raw),
    failNext: (count, status) => {
      failures = { count, status };
    },
    stop: () => close(server),
  };
}

/** The claims GitHub puts in a workflow's token, for a run of octo/app on main. */
function githubClaims(): JWTPayload {
  return {
    sub: 'repo:octo/app:ref:refs/heads/main',
    repository: 'octo/app',
    repository_owner: 'octo',
    ref: 'refs/heads/main',
    actor: 'octocat',
    workflow: 'deploy',
    run_id: '4242',
    run_attempt: '1',
    job_workflow_ref: 'octo/app/.github/workflows/deploy.yml@refs/heads/main',
  };
}

function signToken(key: CryptoKey, kid: string, claims: JWTPayload, lifetime: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuedAt(now)
    .setNotBefore(now - 5)
    .setExpirationTime(now + lifetime)
    .sign(key);
}

function signRawToken(
  key: CryptoKey,
  kid: string,
  claims: JWTPayload,
  raw: Readonly<Record<string, string>>,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const plain: JWTPayload = { iat: now, nbf: now - 5, exp: now + 300, ...claims };
  for (const name of Object.keys(raw)) delete plain[name];
  const rawText = Object.entries(raw).map(([name, text]) => `${JSON.stringify(name)}:${text}`);
  const text = `${JSON.stringify(plain).slice(0, -1)},${rawText.join(',')}}`;
  return new CompactSign(new TextEncoder().encode(text))
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .sign(key);
}

interface Routes {
  jwks(): void;
  discovery(): void;
  token(audience: string | undefined): Promise<void>;
}

async function handle(req: IncomingMessage, res: ServerResponse, routes: Routes): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method !== 'GET') return json(res, 405, { message: 'method not allowed' });
  if (url.pathname === '/.well-known/jwks') return routes.jwks();
  if (url.pathname === '/.well-known/openid-configuration') return routes.discovery();
  if (url.pathname === '/token') return routes.token(url.searchParams.get('audience') ?? undefined);
  return json(res, 404, { message: 'not found' });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
