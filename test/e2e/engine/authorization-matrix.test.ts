/* eslint-disable @typescript-eslint/no-unsafe-member-access -- engine answers are JSON read loosely (Answer.body). */
// The authorisation matrix: every route of the engine (enumerated from its own route table) x
// {no token, unknown token, a token whose policy grants exactly that route, a token whose policy
// grants everything else, root}, against a real `keyfob serve --dev` process. Root-protected rows
// also check that the exact grant without `sudo` is refused. A route without a row fails the test.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEngine as startInProcess, type RouteInfo } from '../../../engine/src/index.ts';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { startOidcIssuer, type OidcIssuer } from '../../helpers/oidc-issuer.ts';
import { AUDIENCE, JWT_ROLE, prepareEngine } from '../action/setup.ts';
import { call, type Answer } from './engine-client.ts';

type Method = 'GET' | 'POST' | 'DELETE' | 'LIST';
type Capability = 'create' | 'read' | 'update' | 'delete' | 'list';

interface Row {
  readonly method: Method;
  readonly path: string;
  /** The body, or how to make it (a fresh login JWT, the caller's own token). */
  readonly body?: Readonly<Record<string, unknown>>;
  readonly makeBody?: (ctx: RowContext) => Promise<Readonly<Record<string, unknown>>>;
  /** The capability the operation needs. */
  readonly capability: Capability;
  /** Status for the exact grant and for root. */
  readonly status: number;
  /** Root-protected: the grant needs sudo. */
  readonly sudo?: boolean;
  /** Login and health: no token needed; every subject gets `status`. */
  readonly open?: boolean;
}

interface RowContext {
  readonly engine: EngineProcess;
  readonly issuer: OidcIssuer;
  /** The token the request is made with (for bodies that name it). */
  readonly token: string;
}

/** A body naming a fresh response-wrapping token (made by root through sys/wrapping/wrap). */
async function wrappingToken(ctx: RowContext): Promise<Readonly<Record<string, unknown>>> {
  const wrapped = await call(ctx.engine, 'POST', 'sys/wrapping/wrap', {
    body: { a: 'b' },
    headers: { 'X-Vault-Wrap-TTL': '5m' },
  });
  assert.equal(wrapped.status, 200, wrapped.text);
  return { token: wrapped.body.wrap_info.token as string };
}

const ALL: readonly Capability[] = ['create', 'read', 'update', 'delete', 'list'];
const OPERATION: Record<Method, string> = { GET: 'read', POST: 'update', DELETE: 'delete', LIST: 'list' };

const rows: readonly Row[] = [
  // auth/token
  { method: 'POST', path: 'auth/token/create', body: { ttl: '10m' }, capability: 'update', status: 200 },
  { method: 'POST', path: 'auth/token/create-orphan', body: { ttl: '10m' }, capability: 'update', status: 200 },
  { method: 'GET', path: 'auth/token/lookup-self', capability: 'read', status: 200 },
  { method: 'POST', path: 'auth/token/lookup-self', capability: 'update', status: 200 },
  { method: 'POST', path: 'auth/token/renew-self', capability: 'update', status: 200 },
  { method: 'POST', path: 'auth/token/revoke-self', capability: 'update', status: 204 },
  // auth/jwt (config and roles need no sudo in the real engine: the ACL alone guards the trust)
  { method: 'GET', path: 'auth/jwt/config', capability: 'read', status: 200 },
  {
    method: 'POST',
    path: 'auth/jwt/config',
    makeBody: (ctx) => Promise.resolve({ jwks_url: ctx.issuer.jwksUrl, bound_issuer: ctx.issuer.issuer }),
    capability: 'update',
    status: 204,
  },
  { method: 'LIST', path: 'auth/jwt/role', capability: 'list', status: 200 },
  { method: 'GET', path: `auth/jwt/role/${JWT_ROLE}`, capability: 'read', status: 200 },
  {
    method: 'POST',
    path: `auth/jwt/role/${JWT_ROLE}`,
    body: {
      role_type: 'jwt',
      user_claim: 'actor',
      bound_audiences: [AUDIENCE],
      bound_claims: { repository: 'octo/app' },
      token_policies: ['ci'],
    },
    capability: 'update',
    status: 204,
  },
  {
    method: 'POST',
    path: 'auth/jwt/role/matrix-new',
    body: { role_type: 'jwt', user_claim: 'actor', bound_audiences: [AUDIENCE] },
    capability: 'create',
    status: 204,
  },
  { method: 'DELETE', path: 'auth/jwt/role/matrix-gone', capability: 'delete', status: 204 },
  {
    method: 'POST',
    path: 'auth/jwt/login',
    makeBody: async (ctx) => ({ role: JWT_ROLE, jwt: await ctx.issuer.sign({ aud: AUDIENCE }) }),
    capability: 'update',
    status: 200,
    open: true,
  },
  // sys
  { method: 'GET', path: 'sys/health', capability: 'read', status: 200, open: true },
  { method: 'GET', path: 'sys/mounts', capability: 'read', status: 200 },
  // response wrapping: lookup needs no token; unwrap and rewrap take a fresh wrapping token in the body
  {
    method: 'POST',
    path: 'sys/wrapping/lookup',
    body: { token: 'kfs.none' },
    capability: 'update',
    status: 400,
    open: true,
  },
  { method: 'GET', path: 'sys/wrapping/lookup', capability: 'read', status: 400, open: true },
  { method: 'POST', path: 'sys/wrapping/unwrap', makeBody: wrappingToken, capability: 'update', status: 200 },
  { method: 'POST', path: 'sys/wrapping/rewrap', makeBody: wrappingToken, capability: 'update', status: 200 },
  { method: 'POST', path: 'sys/wrapping/wrap', body: { a: 'b' }, capability: 'update', status: 400 },
  { method: 'LIST', path: 'sys/leases/lookup', capability: 'list', status: 404, sudo: true },
  {
    method: 'POST',
    path: 'sys/leases/lookup',
    body: { lease_id: 'cloud/creds/ci-user/none' },
    capability: 'update',
    status: 400,
  },
  { method: 'LIST', path: 'sys/leases/lookup/cloud/creds', capability: 'list', status: 404, sudo: true },
  {
    method: 'POST',
    path: 'sys/leases/renew',
    body: { lease_id: 'cloud/creds/ci-user/none' },
    capability: 'update',
    status: 400,
  },
  {
    method: 'POST',
    path: 'sys/leases/revoke',
    body: { lease_id: 'cloud/creds/ci-user/none' },
    capability: 'update',
    status: 204,
  },
  {
    method: 'POST',
    path: 'sys/leases/revoke-prefix/cloud/creds/nobody',
    capability: 'update',
    status: 204,
    sudo: true,
  },
  {
    method: 'POST',
    path: 'sys/renew',
    body: { lease_id: 'cloud/creds/ci-user/none' },
    capability: 'update',
    status: 400,
  },
  {
    method: 'POST',
    path: 'sys/revoke',
    body: { lease_id: 'cloud/creds/ci-user/none' },
    capability: 'update',
    status: 204,
  },
  { method: 'POST', path: 'sys/revoke-prefix/cloud/creds/nobody', capability: 'update', status: 204, sudo: true },
  { method: 'LIST', path: 'sys/policies/acl', capability: 'list', status: 200 },
  { method: 'GET', path: 'sys/policies/acl/default', capability: 'read', status: 200 },
  {
    method: 'POST',
    path: 'sys/policies/acl/matrix-written',
    body: { policy: 'path "x" { capabilities = ["read"] }' },
    capability: 'update',
    status: 204,
  },
  { method: 'DELETE', path: 'sys/policies/acl/matrix-deleted', capability: 'delete', status: 204 },
  { method: 'GET', path: 'sys/policy', capability: 'read', status: 200 },
  { method: 'LIST', path: 'sys/policy', capability: 'list', status: 200 },
  { method: 'GET', path: 'sys/policy/default', capability: 'read', status: 200 },
  {
    method: 'POST',
    path: 'sys/policy/matrix-legacy',
    body: { rules: 'path "x" { capabilities = ["read"] }' },
    capability: 'update',
    status: 200,
  },
  { method: 'DELETE', path: 'sys/policy/matrix-legacy-deleted', capability: 'delete', status: 204 },
  {
    method: 'POST',
    path: 'sys/capabilities-self',
    body: { paths: ['cloud/creds/ci-user'] },
    capability: 'update',
    status: 200,
  },
  {
    method: 'POST',
    path: 'sys/capabilities',
    makeBody: (ctx) => Promise.resolve({ token: ctx.token, paths: ['cloud/creds/ci-user'] }),
    capability: 'update',
    status: 200,
  },
  {
    method: 'POST',
    path: 'sys/capabilities-accessor',
    body: { accessor: 'none', paths: ['x'] },
    capability: 'update',
    status: 400,
  },
  // the secrets mount
  { method: 'GET', path: 'cloud/config/root', capability: 'read', status: 200 },
  { method: 'POST', path: 'cloud/config/rotate-root', capability: 'update', status: 200 },
  { method: 'GET', path: 'cloud/config/lease', capability: 'read', status: 404 },
  {
    method: 'POST',
    path: 'cloud/config/lease',
    body: { lease: '1h', lease_max: '2h' },
    capability: 'update',
    status: 204,
  },
  { method: 'LIST', path: 'cloud/roles', capability: 'list', status: 200 },
  { method: 'GET', path: 'cloud/roles/ci-user', capability: 'read', status: 200 },
  {
    method: 'POST',
    path: 'cloud/roles/matrix-role',
    body: { credential_type: 'iam_user', policy_arns: ['arn:aws:iam::aws:policy/ReadOnlyAccess'] },
    capability: 'update',
    status: 204,
  },
  { method: 'DELETE', path: 'cloud/roles/matrix-gone', capability: 'delete', status: 404 },
  { method: 'GET', path: 'cloud/creds/ci-user', capability: 'read', status: 200 },
  { method: 'POST', path: 'cloud/creds/ci-user', capability: 'update', status: 200 },
  { method: 'GET', path: 'cloud/sts/deploy', capability: 'read', status: 200 },
  { method: 'POST', path: 'cloud/sts/deploy', body: { ttl: '15m' }, capability: 'update', status: 200 },
  { method: 'LIST', path: 'cloud/static-roles', capability: 'list', status: 200 },
  { method: 'GET', path: 'cloud/static-roles/backup', capability: 'read', status: 200 },
  {
    method: 'POST',
    path: 'cloud/static-roles/backup',
    body: { username: 'backup-agent', rotation_period: '1h' },
    capability: 'update',
    status: 200,
  },
  { method: 'DELETE', path: 'cloud/static-roles/matrix-gone', capability: 'delete', status: 204 },
  { method: 'GET', path: 'cloud/static-creds/backup', capability: 'read', status: 200 },
  { method: 'POST', path: 'cloud/rotate-role/backup', capability: 'update', status: 204 },
  { method: 'POST', path: 'cloud/config/root', body: { region: 'eu-west-1' }, capability: 'update', status: 204 },
  // dev API (last: it resets the cloud): root-protected
  { method: 'GET', path: 'sys/dev/cloud', capability: 'read', status: 200, sudo: true },
  { method: 'POST', path: 'sys/dev/cloud', body: {}, capability: 'update', status: 200, sudo: true },
  { method: 'GET', path: 'sys/dev/clock', capability: 'read', status: 200, sudo: true },
  { method: 'POST', path: 'sys/dev/clock', body: { advanceSeconds: 0 }, capability: 'update', status: 200, sudo: true },
  {
    method: 'POST',
    path: 'sys/dev/whoami',
    body: { access_key: 'AKIANOBODY', secret_key: 'x' },
    capability: 'update',
    status: 403,
    sudo: true,
  },
  {
    method: 'POST',
    path: 'sys/dev/can-i',
    body: { access_key: 'AKIANOBODY', action: 'iam:ListUsers' },
    capability: 'update',
    status: 403,
    sudo: true,
  },
];

/** Operations each row covers, for the completeness check against the route table. */
function covers(route: RouteInfo, operation: string): boolean {
  return rows.some((row) => OPERATION[row.method] === operation && route.pattern.test(row.path));
}

describe('authorisation matrix', () => {
  let engine: EngineProcess;
  let issuer: OidcIssuer;
  let routes: readonly RouteInfo[] = [];
  let n = 0;

  const rootCall = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const answer = await call(engine, method, path, body === undefined ? {} : { body });
    assert.ok(answer.status < 300, `${method} ${path}: ${answer.status} ${answer.text}`);
    return answer;
  };
  /** A token holding only this policy (no default policy). */
  const tokenWith = async (policy: string): Promise<string> => {
    const name = `matrix-${++n}`;
    await rootCall('POST', `sys/policies/acl/${name}`, { policy });
    const created = await rootCall('POST', 'auth/token/create', {
      policies: [name],
      no_default_policy: true,
      ttl: '1h',
    });
    return created.body.auth.client_token as string;
  };
  const send = async (row: Row, token: string | null): Promise<Answer> => {
    const body = row.makeBody ? await row.makeBody({ engine, issuer, token: token ?? '' }) : row.body;
    return call(engine, row.method, row.path, { token, ...(body !== undefined ? { body } : {}) });
  };

  before(async () => {
    const inProcess = await startInProcess({ port: 0, dev: true, tickMs: 60_000 });
    routes = inProcess.routes;
    await inProcess.stop();
    issuer = await startOidcIssuer();
    engine = await startEngine({ args: ['--consistency-delay', '0'] });
    await prepareEngine(engine, issuer);
  });
  after(async () => {
    await engine?.stop();
    await issuer?.stop();
  });

  it('has a row for every route and operation of the engine', () => {
    assert.ok(routes.length > 20, 'the route table is enumerated');
    const missing = routes.flatMap((route) =>
      route.operations.filter((op) => !covers(route, op)).map((op) => `${op} ${route.pattern.source}`),
    );
    assert.deepEqual(missing, [], 'routes without a row in the authorisation matrix');
  });

  for (const row of rows) {
    it(`${row.method} ${row.path}`, async () => {
      const rule = row.path;
      if (row.open) {
        for (const token of [null, 'kfs.unknown-token'])
          assert.equal((await send(row, token)).status, row.status, `open route, token ${token ?? 'none'}`);
        return;
      }
      assert.equal((await send(row, null)).status, 403, 'no token');
      assert.equal((await send(row, 'kfs.unknown-token')).status, 403, 'unknown token');
      const others = ALL.filter((c) => c !== row.capability);
      const everythingElse = await tokenWith(
        `path "*" { capabilities = ["create", "read", "update", "delete", "list", "sudo"] }\npath "${rule}" { capabilities = ${JSON.stringify([...others, 'sudo'])} }`,
      );
      assert.equal((await send(row, everythingElse)).status, 403, 'a token granted everything else');
      if (row.sudo) {
        const noSudo = await tokenWith(`path "${rule}" { capabilities = ["${row.capability}"] }`);
        assert.equal((await send(row, noSudo)).status, 403, 'the exact grant without sudo');
      }
      const exact = await tokenWith(
        `path "${rule}" { capabilities = ${JSON.stringify(row.sudo ? [row.capability, 'sudo'] : [row.capability])} }`,
      );
      const granted = await send(row, exact);
      assert.equal(granted.status, row.status, `exact grant: ${granted.text}`);
      // A fresh root token (a child of the engine's), so revoke-self cannot end the run's root token.
      const rootToken = (await rootCall('POST', 'auth/token/create', { policies: ['root'], ttl: '1h' })).body.auth
        .client_token as string;
      const root = await send(row, rootToken);
      assert.equal(root.status, row.status, `root: ${root.text}`);
    });
  }
});
