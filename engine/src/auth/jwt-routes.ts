import type { EngineCore } from '../engine-core.ts';
import { ENGINE_DEFAULTS } from '../engine-options.ts';
import { dataResult, EMPTY, type HandlerResult } from '../http/handler-result.ts';
import { badRequest, notFound, permissionDenied } from '../http/http-error.ts';
import { NAME, path, type Backend, type RequestContext } from '../http/route.ts';
import { authBlock } from './auth-block.ts';
import { sanitizePolicies } from './token-policies.ts';
import {
  addressAllowed,
  checkBoundClaims,
  checkGroupsClaim,
  JWT_ROLE_WIRE,
  mappedMetadata,
  readJwtRole,
  userClaimValue,
  type JwtRole,
} from '@keyfob/shared/jwt-roles';
import { fieldsFor, wireRead } from '@keyfob/shared/rules';
import { jwtRoleLimitError, jwtRoleWarnings } from './jwt-role-warnings.ts';
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
/**
 * Fields of a role write: the JWT role schema's (`name` is the path's; `$schema` is a file's
 * alone), so a field the schema gains is accepted here without a second list.
 */
const ROLE_FIELDS = fieldsFor('jwt-role').filter((field) => field !== '$schema');

/** What a role stored before a field existed reads as (a data directory from an older keyfob). */
const NEW_FIELD_DEFAULTS = {
  userClaimJsonPointer: false,
  oidcScopes: [],
  verboseOidcLogging: false,
  maxAge: 0,
  oauth2Metadata: [],
  tokenPeriod: 0,
  tokenType: 'default',
  tokenBoundCidrs: [],
} satisfies Partial<JwtRole>;

/** `auth/jwt/`: config, roles and login (the JWT auth method GitHub OIDC uses). */
export function jwtBackend(core: EngineCore): Backend {
  const configs = core.store.table<JwtConfig>('jwt.config');
  const roles = core.store.table<StoredJwtRole>('jwt.roles');
  const name = (ctx: RequestContext): string => ctx.vars.name ?? '';
  const role = (roleName: string): StoredJwtRole | undefined => {
    const stored = roles.get(roleName);
    return stored && { ...NEW_FIELD_DEFAULTS, ...stored };
  };
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
          read: (ctx) => readRole(role(name(ctx))),
          update: (ctx) => {
            const read = readJwtRole(ctx.params);
            if (!read.role) throw badRequest(...read.errors);
            const limit = jwtRoleLimitError(read.role, ENGINE_DEFAULTS.tokenMaxTtlSeconds);
            if (limit) throw badRequest(limit);
            const written = ctx.params.bound_claims;
            roles.set(name(ctx), {
              ...read.role,
              ...(isClaimMap(written) ? { boundClaimsAsWritten: written } : {}),
            });
            const warnings = jwtRoleWarnings(read.role, ENGINE_DEFAULTS.tokenMaxTtlSeconds);
            return warnings.length > 0 ? dataResult(null, warnings) : EMPTY;
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
        operations: { update: (ctx) => login(core, configs.get('config'), role, ctx) },
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
  // The role's CIDRs are checked before the JWT is, as the real engine does: 403, nothing more said.
  if (!addressAllowed(ctx.remoteAddress, role.tokenBoundCidrs)) throw permissionDenied();
  const claims = await verifyLoginJwt(jwt, config, role, core.clock.date());
  const user = userClaimValue(role, claims);
  if (user.value === undefined) throw badRequest(user.error ?? 'user claim not found');
  const mapped = mappedMetadata(role, claims);
  if (!mapped.metadata) throw badRequest(mapped.error ?? 'claim mapping failed');
  const groups = checkGroupsClaim(role, claims);
  if (groups) throw badRequest(groups);
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
    boundCidrs: role.tokenBoundCidrs,
    // `default` is the mount's default token type: service.
    type: role.tokenType === 'batch' ? 'batch' : 'service',
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

/**
 * A JWT role as the engine keeps it: the shared reader's role, and `bound_claims` as the client
 * wrote it (a value or a list per claim), so a read gives back what was sent and a client that
 * writes what it read changes nothing. Roles kept before it existed read their claims as lists.
 */
type StoredJwtRole = JwtRole & { readonly boundClaimsAsWritten?: Readonly<Record<string, unknown>> };

function isClaimMap(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readRole(role: StoredJwtRole | undefined): HandlerResult {
  if (!role) throw notFound();
  return dataResult({
    ...wireRead(JWT_ROLE_WIRE, role),
    // The real engine reads empty maps back as null, and the older policies beside token_policies.
    bound_claims: Object.keys(role.boundClaims).length > 0 ? (role.boundClaimsAsWritten ?? role.boundClaims) : null,
    claim_mappings: Object.keys(role.claimMappings).length > 0 ? role.claimMappings : null,
    policies: role.tokenPolicies,
  });
}

function listed(keys: string[]): HandlerResult {
  if (keys.length === 0) throw notFound();
  return dataResult({ keys });
}
