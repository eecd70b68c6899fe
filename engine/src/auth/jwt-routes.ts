import type { EngineCore } from '../engine-core.ts';
import { ENGINE_DEFAULTS } from '../engine-options.ts';
import { dataResult, EMPTY, type HandlerResult } from '../http/handler-result.ts';
import { badRequest, notFound } from '../http/http-error.ts';
import { NAME, path, type Backend, type RequestContext } from '../http/route.ts';
import { authBlock } from './auth-block.ts';
import { sanitizePolicies } from './token-policies.ts';
import { checkBoundClaims, mappedMetadata, readJwtRole, userClaimValue, type JwtRole } from '@keyfob/shared/jwt-roles';
import { readJwtConfig, type JwtConfig } from './jwt-settings.ts';
import { verifyLoginJwt } from './jwt-verify.ts';

const CONFIG_FIELDS = [
  'jwks_url',
  'jwt_validation_pubkeys',
  'bound_issuer',
  'jwt_supported_algs',
  'default_role',
  'oidc_discovery_url',
  'jwks_ca_pem',
];
const ROLE_FIELDS = [
  'name',
  'role_type',
  'bound_audiences',
  'bound_subject',
  'bound_claims',
  'bound_claims_type',
  'user_claim',
  'token_ttl',
  'token_max_ttl',
  'token_policies',
  'policies',
  'ttl',
  'max_ttl',
  'claim_mappings',
  'groups_claim',
  'token_type',
  'allowed_redirect_uris',
  'clock_skew_leeway',
  'expiration_leeway',
  'not_before_leeway',
  'token_explicit_max_ttl',
  'token_no_default_policy',
  'token_num_uses',
  'num_uses',
];

/** `auth/jwt/`: config, roles and login (the JWT auth method GitHub OIDC uses). */
export function jwtBackend(core: EngineCore): Backend {
  const configs = core.store.table<JwtConfig>('jwt.config');
  const roles = core.store.table<JwtRole>('jwt.roles');
  const name = (ctx: RequestContext): string => ctx.vars.name ?? '';
  return {
    prefix: 'auth/jwt/',
    mountType: 'jwt',
    routes: [
      {
        pattern: path('config'),
        fields: CONFIG_FIELDS,
        operations: {
          read: () => readConfig(configs.get('config')),
          update: (ctx) => {
            const { config, errors } = readJwtConfig(ctx.params);
            if (!config) throw badRequest(...errors);
            configs.set('config', config);
            return EMPTY;
          },
        },
      },
      { pattern: path('role/?'), fields: [], operations: { list: () => listed(roles.keys().sort()) } },
      {
        pattern: path(`role/${NAME}`),
        fields: ROLE_FIELDS,
        exists: (ctx) => roles.has(name(ctx)),
        operations: {
          read: (ctx) => readRole(roles.get(name(ctx))),
          update: (ctx) => {
            const { role, errors } = readJwtRole(ctx.params);
            if (!role) throw badRequest(...errors);
            roles.set(name(ctx), role);
            return EMPTY;
          },
          delete: (ctx) => {
            roles.delete(name(ctx));
            return EMPTY;
          },
        },
      },
      {
        pattern: path('login'),
        fields: ['role', 'jwt'],
        unauthenticated: true,
        operations: { update: (ctx) => login(core, configs.get('config'), (r) => roles.get(r), ctx) },
      },
    ],
  };
}

async function login(
  core: EngineCore,
  config: JwtConfig | undefined,
  roleOf: (name: string) => JwtRole | undefined,
  ctx: RequestContext,
): Promise<HandlerResult> {
  const jwt = typeof ctx.params.jwt === 'string' ? ctx.params.jwt : '';
  const roleName = (typeof ctx.params.role === 'string' && ctx.params.role) || config?.defaultRole || '';
  if (!config) throw badRequest('could not load configuration');
  if (roleName === '') throw badRequest('missing role');
  const role = roleOf(roleName);
  if (!role) throw badRequest(`role "${roleName}" could not be found`);
  if (role.roleType === 'oidc') throw badRequest('role with oidc role_type is not allowed');
  if (jwt === '') throw badRequest('missing token');
  const claims = await verifyLoginJwt(jwt, config, role, core.clock.date());
  const user = userClaimValue(role, claims);
  if (user.value === undefined) throw badRequest(user.error ?? 'user claim not found');
  const mapped = mappedMetadata(role, claims);
  if (!mapped.metadata) throw badRequest(mapped.error ?? 'claim mapping failed');
  const bound = checkBoundClaims(role, claims);
  if (bound) throw badRequest(`error validating claims: ${bound}`);
  // TTL: the role's (else the default), capped by its max and explicit max (else the system max).
  const ttl = role.tokenTtl || ENGINE_DEFAULTS.tokenTtlSeconds;
  const caps = [role.tokenMaxTtl || ENGINE_DEFAULTS.tokenTtlSeconds, role.tokenExplicitMaxTtl].filter((n) => n > 0);
  const { token, caller } = core.tokens.create({
    displayName: `jwt-${user.value}`,
    policies: sanitizePolicies(role.tokenPolicies, !role.tokenNoDefaultPolicy),
    meta: { role: roleName, ...mapped.metadata },
    ttl: Math.min(ttl, ...caps),
    explicitMaxTtl: Math.min(...caps),
    path: 'auth/jwt/login',
    parent: null,
  });
  return { kind: 'data', data: null, auth: authBlock(token, caller, core.clock.now()) };
}

function readConfig(config: JwtConfig | undefined): HandlerResult {
  if (!config) throw notFound();
  return dataResult({
    jwks_url: config.jwksUrl,
    jwt_validation_pubkeys: config.jwtValidationPubkeys,
    bound_issuer: config.boundIssuer,
    jwt_supported_algs: config.jwtSupportedAlgs,
    default_role: config.defaultRole,
  });
}

function readRole(role: JwtRole | undefined): HandlerResult {
  if (!role) throw notFound();
  return dataResult({
    role_type: role.roleType,
    bound_audiences: role.boundAudiences,
    bound_subject: role.boundSubject,
    bound_claims: Object.keys(role.boundClaims).length > 0 ? role.boundClaims : null,
    bound_claims_type: role.boundClaimsType,
    user_claim: role.userClaim,
    groups_claim: role.groupsClaim,
    claim_mappings: Object.keys(role.claimMappings).length > 0 ? role.claimMappings : null,
    allowed_redirect_uris: role.allowedRedirectUris,
    clock_skew_leeway: role.clockSkewLeeway,
    expiration_leeway: role.expirationLeeway,
    not_before_leeway: role.notBeforeLeeway,
    token_ttl: role.tokenTtl,
    token_max_ttl: role.tokenMaxTtl,
    token_explicit_max_ttl: role.tokenExplicitMaxTtl,
    token_policies: role.tokenPolicies,
    policies: role.tokenPolicies,
    token_no_default_policy: role.tokenNoDefaultPolicy,
    token_num_uses: role.tokenNumUses,
    token_type: 'default',
  });
}

function listed(keys: string[]): HandlerResult {
  if (keys.length === 0) throw notFound();
  return dataResult({ keys });
}
