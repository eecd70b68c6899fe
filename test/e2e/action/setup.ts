// The engine every action scenario runs against: cloud fixtures, the example-like roles, root keys
// for rotate-root and (optionally) the JWT auth method trusting the local OIDC issuer.
import { createEngineClient, type EngineClient } from '@keyfob/shared/client';
import type { EngineProcess } from '../../helpers/engine.ts';
import type { OidcIssuer } from '../../helpers/oidc-issuer.ts';

const ACCOUNT = '123456789012';
export const DEPLOY_ARN = `arn:aws:iam::${ACCOUNT}:role/deploy`;
/** The emulated cloud's own account, and a role of another account (role `deploy-other` assumes it). */
export const CLOUD_ACCOUNT = ACCOUNT;
export const OTHER_ACCOUNT = '210987654321';
const OTHER_ARN = `arn:aws:iam::${OTHER_ACCOUNT}:role/deploy`;
const ROOT_KEY = { id: 'AKIAE2EROOTKEY000001', secret: 'e2e-root-secret-000000000000000000000001' };
export const JWT_ROLE = 'gh-ci';
export const AUDIENCE = 'keyfob-e2e';

/** What tokens of the JWT role may do: credentials of ci-user and deploy, and revoking their leases. */
const CI_POLICY = `
path "cloud/creds/ci-user" { capabilities = ["read", "update"] }
path "cloud/+/deploy" { capabilities = ["read", "update"] }
path "sys/leases/revoke" { capabilities = ["update"] }
path "sys/revoke" { capabilities = ["update"] }
`;

/** A client with the root token, for setting up and checking. */
function rootClient(engine: EngineProcess): EngineClient {
  return createEngineClient({
    url: engine.url,
    token: engine.rootToken,
    fetch: globalThis.fetch.bind(globalThis),
    retry: { maxAttempts: 1 },
  });
}

/** Cloud fixtures, roles, a static role and root keys; the JWT method when an issuer is given. */
export async function prepareEngine(
  engine: EngineProcess,
  issuer?: OidcIssuer,
  extraUsers: readonly string[] = [],
): Promise<EngineClient> {
  const client = rootClient(engine);
  await client.dev.setCloud({
    rootUser: { name: 'keyfob-root', accessKeys: [{ id: ROOT_KEY.id, secret: ROOT_KEY.secret }] },
    users: ['backup-agent', ...extraUsers].map((name) => ({ name, accessKeys: 0 })),
    roles: [{ arn: DEPLOY_ARN }, { arn: OTHER_ARN }],
  });
  await client.writeRootConfig({ access_key: ROOT_KEY.id, secret_key: ROOT_KEY.secret, region: 'eu-west-1' });
  await client.writeRole('ci-user', {
    credential_type: 'iam_user',
    policy_arns: ['arn:aws:iam::aws:policy/ReadOnlyAccess'],
  });
  await client.writeRole('deploy', {
    credential_type: 'assumed_role',
    role_arns: [DEPLOY_ARN],
    default_sts_ttl: '15m',
  });
  await client.writeRole('deploy-other', {
    credential_type: 'assumed_role',
    role_arns: [OTHER_ARN],
    default_sts_ttl: '15m',
  });
  await client.writeRole('reports', {
    credential_type: 'federation_token',
    policy_arns: ['arn:aws:iam::aws:policy/ReadOnlyAccess'],
  });
  await client.writeStaticRole('backup', { username: 'backup-agent', rotation_period: '1h' });
  if (issuer) await trustIssuer(engine, issuer);
  return client;
}

async function trustIssuer(engine: EngineProcess, issuer: OidcIssuer): Promise<void> {
  const post = async (path: string, body: unknown): Promise<void> => {
    const answer = await fetch(`${engine.url}/v1/${path}`, {
      method: 'POST',
      headers: { 'X-Service-Token': engine.rootToken, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  };
  // The login token reaches only what this policy grants (plus `default`).
  await post('sys/policies/acl/ci', { policy: CI_POLICY });
  await post('auth/jwt/config', { jwks_url: issuer.jwksUrl, bound_issuer: issuer.issuer });
  await post(`auth/jwt/role/${JWT_ROLE}`, ciJwtRole());
}

/** The JWT role the tests log in with: the issuer's octo/app tokens, 10 minutes, policy `ci`. */
export function ciJwtRole(): Record<string, unknown> {
  return {
    role_type: 'jwt',
    user_claim: 'actor',
    bound_audiences: [AUDIENCE],
    bound_claims: { repository: 'octo/app' },
    token_ttl: '10m',
    token_policies: ['ci'],
  };
}
