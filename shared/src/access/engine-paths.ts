import { CONNECTION_DEFAULTS } from '../client/index.ts';

/** Where the credentials engine (`{mount}`) and the JWT auth method (`{jwt}`) are mounted. */
export interface Mounts {
  readonly mount: string;
  readonly jwtMount: string;
}

/** The mounts when nothing says otherwise: the connection's default mount and `jwt`. */
export const DEFAULT_MOUNTS: Mounts = Object.freeze({ mount: CONNECTION_DEFAULTS.mount, jwtMount: 'jwt' });

/** One request path of the engine, as an ACL policy names it. */
export interface EnginePath {
  /**
   * The path with its variable parts in braces: `{mount}` the secrets engine's mount, `{jwt}` the
   * JWT auth method's, `{name}` a role or policy name, `{id}` a lease id, `{prefix}` a lease prefix.
   * A LIST path ends with `/`, as the engine checks it.
   */
  readonly template: string;
  /** Capabilities the path's operations need (`create` where a write may create the object). */
  readonly capabilities: readonly ('create' | 'read' | 'update' | 'delete' | 'list')[];
  /** The path needs `sudo` besides (a root-protected path). */
  readonly sudo?: boolean;
  /** No token needed (login, health): a policy rule for it changes nothing. */
  readonly open?: boolean;
  /** What the path does, in one line. */
  readonly meaning: string;
}

/**
 * Every request path the engine serves, for policy authors: completion of `path "..."` in the
 * editor, and what each path is for. `engine/test/engine-paths.test.ts` checks this table against
 * the engine's own route table both ways, so a route added to the engine without a row here fails.
 */
export const ENGINE_PATHS: readonly EnginePath[] = [
  { template: '{mount}/creds/{name}', capabilities: ['read', 'update'], meaning: 'credentials of a dynamic role' },
  {
    template: '{mount}/sts/{name}',
    capabilities: ['read', 'update'],
    meaning: 'STS credentials of a dynamic role (assumed_role, federation_token, session_token)',
  },
  { template: '{mount}/static-creds/{name}', capabilities: ['read'], meaning: "a static role's current key" },
  { template: '{mount}/rotate-role/{name}', capabilities: ['update'], meaning: "rotates a static role's key now" },
  { template: '{mount}/roles/', capabilities: ['list'], meaning: 'lists the dynamic roles' },
  {
    template: '{mount}/roles/{name}',
    capabilities: ['create', 'read', 'update', 'delete'],
    meaning: 'defines a dynamic role',
  },
  { template: '{mount}/static-roles/', capabilities: ['list'], meaning: 'lists the static roles' },
  {
    template: '{mount}/static-roles/{name}',
    capabilities: ['create', 'read', 'update', 'delete'],
    meaning: 'defines a static role',
  },
  {
    template: '{mount}/config/root',
    capabilities: ['read', 'update'],
    meaning: "the mount's root credentials and cloud endpoints",
  },
  { template: '{mount}/config/rotate-root', capabilities: ['update'], meaning: 'rotates the root key' },
  {
    template: '{mount}/config/lease',
    capabilities: ['read', 'update'],
    meaning: "the mount's default and maximum TTL",
  },
  {
    template: 'auth/{jwt}/config',
    capabilities: ['read', 'update'],
    meaning: 'the JWT trust: issuer, keys, audiences',
  },
  { template: 'auth/{jwt}/role/', capabilities: ['list'], meaning: 'lists the JWT roles' },
  {
    template: 'auth/{jwt}/role/{name}',
    capabilities: ['create', 'read', 'update', 'delete'],
    meaning: "defines a JWT role: who may log in and its token's policies",
  },
  { template: 'auth/{jwt}/login', capabilities: ['update'], open: true, meaning: 'logs in with a JWT (no token)' },
  { template: 'auth/token/create', capabilities: ['update'], meaning: 'mints a child token' },
  {
    template: 'auth/token/create-orphan',
    capabilities: ['update'],
    meaning: 'mints a token without a parent (sudo for other policies)',
  },
  { template: 'auth/token/lookup-self', capabilities: ['read', 'update'], meaning: "the caller's own token" },
  { template: 'auth/token/renew-self', capabilities: ['update'], meaning: "renews the caller's own token" },
  { template: 'auth/token/revoke-self', capabilities: ['update'], meaning: "revokes the caller's own token" },
  { template: 'sys/policies/acl/', capabilities: ['list'], meaning: 'lists the ACL policies' },
  {
    template: 'sys/policies/acl/{name}',
    capabilities: ['create', 'read', 'update', 'delete'],
    meaning: 'an ACL policy',
  },
  { template: 'sys/policy/', capabilities: ['read', 'list'], meaning: 'lists the ACL policies (legacy path)' },
  {
    template: 'sys/policy/{name}',
    capabilities: ['create', 'read', 'update', 'delete'],
    meaning: 'an ACL policy (legacy path)',
  },
  { template: 'sys/capabilities-self', capabilities: ['update'], meaning: "the caller's capabilities on paths" },
  { template: 'sys/capabilities', capabilities: ['update'], meaning: "a token's capabilities on paths" },
  {
    template: 'sys/capabilities-accessor',
    capabilities: ['update'],
    meaning: "a token's capabilities, by its accessor",
  },
  {
    template: 'sys/leases/lookup/',
    capabilities: ['update', 'list'],
    sudo: true,
    meaning: 'looks up a lease (update, at sys/leases/lookup); lists the lease ids (list, sudo)',
  },
  {
    template: 'sys/leases/lookup/{prefix}',
    capabilities: ['list'],
    sudo: true,
    meaning: 'lists the leases under a prefix',
  },
  { template: 'sys/leases/renew', capabilities: ['update'], meaning: 'renews a lease' },
  { template: 'sys/leases/renew/{id}', capabilities: ['update'], meaning: 'renews a lease' },
  { template: 'sys/leases/revoke', capabilities: ['update'], meaning: 'revokes a lease' },
  { template: 'sys/leases/revoke/{id}', capabilities: ['update'], meaning: 'revokes a lease' },
  {
    template: 'sys/leases/revoke-prefix/{prefix}',
    capabilities: ['update'],
    sudo: true,
    meaning: 'revokes every lease under a prefix',
  },
  { template: 'sys/renew', capabilities: ['update'], meaning: 'renews a lease (legacy path)' },
  { template: 'sys/renew/{id}', capabilities: ['update'], meaning: 'renews a lease (legacy path)' },
  { template: 'sys/revoke', capabilities: ['update'], meaning: 'revokes a lease (legacy path)' },
  { template: 'sys/revoke/{id}', capabilities: ['update'], meaning: 'revokes a lease (legacy path)' },
  {
    template: 'sys/revoke-prefix/{prefix}',
    capabilities: ['update'],
    sudo: true,
    meaning: 'revokes every lease under a prefix (legacy path)',
  },
  { template: 'sys/health', capabilities: ['read'], open: true, meaning: "the engine's health (no token)" },
  {
    template: 'sys/wrapping/lookup',
    capabilities: ['read', 'update'],
    open: true,
    meaning: "a response-wrapping token's creation path, time and TTL (no token needed)",
  },
  {
    template: 'sys/wrapping/unwrap',
    capabilities: ['update'],
    meaning: 'the answer a response-wrapping token holds, once',
  },
  {
    template: 'sys/wrapping/rewrap',
    capabilities: ['update'],
    meaning: 'moves a wrapped answer to a new wrapping token',
  },
  {
    template: 'sys/wrapping/wrap',
    capabilities: ['update'],
    meaning: 'wraps the given values in a response-wrapping token',
  },
  { template: 'sys/mounts', capabilities: ['read'], meaning: 'the mounted secrets engines' },
  {
    template: 'sys/dev/cloud',
    capabilities: ['read', 'update'],
    sudo: true,
    meaning: 'development API: the emulated cloud',
  },
  { template: 'sys/dev/clock', capabilities: ['read', 'update'], sudo: true, meaning: 'development API: the clock' },
  {
    template: 'sys/dev/whoami',
    capabilities: ['update'],
    sudo: true,
    meaning: 'development API: whose credentials these are',
  },
  {
    template: 'sys/dev/can-i',
    capabilities: ['update'],
    sudo: true,
    meaning: 'development API: may these credentials call an action',
  },
];

/** A template with its variable parts filled in (`{mount}` and `{jwt}` from `mounts`, the others from `fill`). */
export function fillEnginePath(template: string, mounts: Mounts, fill: (variable: string) => string): string {
  return template.replace(/\{(\w+)\}/g, (_, variable: string) =>
    variable === 'mount' ? mounts.mount : variable === 'jwt' ? mounts.jwtMount : fill(variable),
  );
}
