import type { TerraformEvaluator } from './evaluate.ts';
import type { TfBlock, TfFile } from './terraform-ast.ts';

/**
 * A JWT/OIDC auth mount the module declares: a `vault_jwt_auth_backend` (its label, mount, type and
 * issuer as far as they are known) or a `vault_auth_backend` of known type jwt or oidc (no issuer:
 * its config is written elsewhere).
 */
interface JwtBackend {
  readonly resource: 'vault_jwt_auth_backend' | 'vault_auth_backend';
  readonly label: string | undefined;
  /** The known `path`, else the known `type`, else `jwt` (a `vault_jwt_auth_backend`'s default type); unknown: undefined. */
  readonly mount: string | undefined;
  readonly type: string | undefined;
  readonly issuer: string | undefined;
}

/** The module's JWT/OIDC auth mounts, read on the first call and kept. */
export type JwtBackends = () => readonly JwtBackend[];

/**
 * The module's JWT/OIDC auth mounts, read once for both readers below: each `vault_jwt_auth_backend`
 * (type `jwt` when absent, as the provider's default) and each `vault_auth_backend` whose known type
 * is jwt or oidc. A mount is the known `path`, else the type (Vault mounts an auth method at its
 * type when no path is given), never guessed: an unknown `path` or `type` leaves it undefined.
 * Issuer: `bound_issuer`, else `oidc_discovery_url`, else the issuer its `jwks_url` is served by
 * (jwksIssuer), else, for keys given inline (`jwt_validation_pubkeys`), a name no issuer matches.
 */
export function jwtBackendsReader(evaluator: TerraformEvaluator, files: readonly TfFile[]): JwtBackends {
  let backends: JwtBackend[] | undefined;
  const evaluate = (block: TfBlock, attribute: string, file: TfFile) => {
    const expr = block.attributes.get(attribute)?.value;
    return expr ? evaluator.evaluate(expr, 0, file) : undefined;
  };
  const text = (block: TfBlock, attribute: string, file: TfFile): string | undefined => {
    const value = evaluate(block, attribute, file);
    return value?.known && typeof value.value === 'string' && value.value.trim() !== '' ? value.value : undefined;
  };
  // A known string (trimmed of slashes), null when the attribute is absent, undefined when unknown.
  const known = (block: TfBlock, attribute: string, file: TfFile): string | null | undefined => {
    if (!block.attributes.has(attribute)) return null;
    const value = evaluate(block, attribute, file);
    return value?.known && typeof value.value === 'string' ? trim(value.value) : undefined;
  };
  // Keys written inline (`jwt_validation_pubkeys`, a known list with an item or a known string).
  const keysGiven = (block: TfBlock, file: TfFile): boolean => {
    const value = evaluate(block, 'jwt_validation_pubkeys', file);
    if (!value?.known) return false;
    const keys: unknown = value.value;
    return Array.isArray(keys) ? keys.length > 0 : typeof keys === 'string' && keys.trim() !== '';
  };
  const read = (): JwtBackend[] =>
    files.flatMap((file) =>
      file.blocks.flatMap((b): JwtBackend[] => {
        const resource = b.type === 'resource' ? b.labels[0] : undefined;
        if (resource !== 'vault_jwt_auth_backend' && resource !== 'vault_auth_backend') return [];
        const written = known(b, 'type', file);
        const type =
          written === null ? (resource === 'vault_jwt_auth_backend' ? 'jwt' : undefined) : written?.toLowerCase();
        if (resource === 'vault_auth_backend' && type !== 'jwt' && type !== 'oidc') return [];
        const path = known(b, 'path', file);
        const mount = path === null ? type : path === '' ? undefined : path;
        const issuer =
          resource === 'vault_auth_backend'
            ? undefined
            : (text(b, 'bound_issuer', file) ??
              text(b, 'oidc_discovery_url', file) ??
              jwksIssuer(text(b, 'jwks_url', file)) ??
              (keysGiven(b, file) ? INLINE_KEYS : undefined));
        return [{ resource, label: b.labels[1], mount, type, issuer }];
      }),
    );
  return () => (backends ??= read());
}

/**
 * The issuer of the JWT/OIDC mount of the module a JWT role is on, read through the module's
 * evaluator (literals, locals, variable defaults, templates of known parts): the backend its
 * `backend` refers to (`vault_jwt_auth_backend.x.path`), else the one mounted at the value of its
 * `backend` (`jwt` when absent, as the provider's default `path`), when exactly one is (jwtBackendsReader);
 * that backend's issuer. A backend trusting pinned keys without GitHub's issuer bound is not held to
 * GitHub's rules (GitHub's tokens are signed with keys GitHub rotates and serves at its JWKS URL).
 * Anything else (an unknown value, another module's backend, a `vault_auth_backend` whose config is
 * written elsewhere): undefined. The module's backends are read once per evaluator (one per file).
 */
export function jwtIssuerReader(
  evaluator: TerraformEvaluator,
  backends: JwtBackends,
): (role: TfBlock) => string | undefined {
  return (role) => {
    const backend = role.attributes.get('backend')?.value;
    let mounted: readonly JwtBackend[];
    if (
      backend?.t === 'ref' &&
      (backend.path[0] === 'vault_jwt_auth_backend' || backend.path[0] === 'vault_auth_backend')
    )
      mounted = backends().filter((b) => b.resource === backend.path[0] && b.label === backend.path[1]);
    else {
      const value = backend ? evaluator.evaluate(backend, 0, evaluator.file) : undefined;
      const mount =
        backend === undefined ? 'jwt' : value?.known && typeof value.value === 'string' ? trim(value.value) : undefined;
      mounted = mount === undefined ? [] : backends().filter((b) => b.mount !== undefined && b.mount === mount);
    }
    const [target] = mounted;
    return mounted.length === 1 && target ? target.issuer : undefined;
  };
}

/**
 * The JWT/OIDC mounts a JWT role's token policies must not reach (their `config` and `role/*` are
 * the trust), as the module declares them, never guessed: each known mount of jwtBackendsReader and
 * the role's own `backend` when known (`jwt` when absent). An unknown path or type adds nothing.
 */
export function jwtMountsReader(
  evaluator: TerraformEvaluator,
  backends: JwtBackends,
): (role: TfBlock) => readonly string[] {
  return (role) => {
    const expr = role.attributes.get('backend')?.value;
    const value = expr ? evaluator.evaluate(expr, 0, evaluator.file) : undefined;
    const own =
      expr === undefined ? 'jwt' : value?.known && typeof value.value === 'string' ? trim(value.value) : undefined;
    const declared = backends().flatMap((b) => (b.mount === undefined ? [] : [b.mount]));
    const mounts = [...declared, ...(own === undefined ? [] : [own])];
    return [...new Set(mounts.filter((m) => MOUNT.test(m)))];
  };
}

/** A mount path a policy path can be built from (no glob or template characters). */
const MOUNT = /^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

function trim(mount: string | undefined): string | undefined {
  return mount?.replace(/^\/+|\/+$/g, '');
}

/** What a backend trusting inline keys without a bound issuer reports as its issuer (not GitHub's). */
const INLINE_KEYS = 'keys given inline (jwt_validation_pubkeys)';

/**
 * The issuer a JWKS URL is served by: the URL without `/.well-known/jwks` (`.json`), as GitHub
 * serves `https://token.actions.githubusercontent.com/.well-known/jwks` (and a GHES host
 * `https://HOST/_services/token/.well-known/jwks`). Another URL on GitHub's token host (or a GHES
 * host's `/_services/token`) is not read
 * (undefined: the rules stay on); any other URL is its own, another issuer's.
 */
function jwksIssuer(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const trimmed = url.trim();
  const base = trimmed.replace(/\/\.well-known\/jwks(?:\.json)?\/?$/i, '');
  const github = /^https:\/\/token\.actions\.githubusercontent\.com(?:[/:?#]|$)/i.test(trimmed);
  if (base === trimmed && (github || /\/_services\/token(?:[/?#]|$)/i.test(trimmed))) return undefined;
  return base;
}
