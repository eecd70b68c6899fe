import type { TerraformEvaluator } from './evaluate.ts';
import type { TfBlock, TfFile } from './terraform-ast.ts';

/** A `vault_jwt_auth_backend` of the module: its label, mount and issuer as far as they are known. */
interface JwtBackend {
  readonly label: string | undefined;
  readonly mount: string | undefined;
  readonly issuer: string | undefined;
}

/**
 * The issuer of the `vault_jwt_auth_backend` of the module a JWT role is on, read through the
 * module's evaluator (literals, locals, variable defaults, templates of known parts): the backend
 * its `backend` refers to (`vault_jwt_auth_backend.x.path`), else the one mounted at the value of
 * its `backend` (`jwt` when absent, as the provider's default `path`), when exactly one is; that
 * backend's `bound_issuer`, else its `oidc_discovery_url`, else the issuer its `jwks_url` is served
 * by (jwksIssuer), else, for keys given inline (`jwt_validation_pubkeys`), a name no issuer matches:
 * GitHub's tokens are signed with keys GitHub rotates and serves at its JWKS URL, so a backend that
 * trusts pinned keys and does not bind GitHub's issuer is not held to GitHub's rules. Anything else (an unknown value, another
 * module's backend): undefined. The module's backends are read once per evaluator (one per file).
 */
export function jwtIssuerReader(
  evaluator: TerraformEvaluator,
  files: readonly TfFile[],
): (role: TfBlock) => string | undefined {
  let backends: JwtBackend[] | undefined;
  const text = (block: TfBlock, attribute: string, file: TfFile): string | undefined => {
    const expr = block.attributes.get(attribute)?.value;
    const value = expr ? evaluator.evaluate(expr, 0, file) : undefined;
    return value?.known && typeof value.value === 'string' && value.value.trim() !== '' ? value.value : undefined;
  };
  // Keys written inline (`jwt_validation_pubkeys`, a known list with an item or a known string).
  const keysGiven = (block: TfBlock, file: TfFile): boolean => {
    const expr = block.attributes.get('jwt_validation_pubkeys')?.value;
    const value = expr ? evaluator.evaluate(expr, 0, file) : undefined;
    if (!value?.known) return false;
    const keys: unknown = value.value;
    return Array.isArray(keys) ? keys.length > 0 : typeof keys === 'string' && keys.trim() !== '';
  };
  const read = (): JwtBackend[] =>
    files.flatMap((file) =>
      file.blocks
        .filter((b) => b.type === 'resource' && b.labels[0] === 'vault_jwt_auth_backend')
        .map((b) => ({
          label: b.labels[1],
          mount: b.attributes.has('path') ? trim(text(b, 'path', file)) : 'jwt',
          issuer:
            text(b, 'bound_issuer', file) ??
            text(b, 'oidc_discovery_url', file) ??
            jwksIssuer(text(b, 'jwks_url', file)) ??
            (keysGiven(b, file) ? INLINE_KEYS : undefined),
        })),
    );
  return (role) => {
    backends ??= read();
    const backend = role.attributes.get('backend')?.value;
    let mounted: JwtBackend[];
    if (backend?.t === 'ref' && backend.path[0] === 'vault_jwt_auth_backend')
      mounted = backends.filter((b) => b.label === backend.path[1]);
    else {
      const value = backend ? evaluator.evaluate(backend, 0, evaluator.file) : undefined;
      const mount =
        backend === undefined ? 'jwt' : value?.known && typeof value.value === 'string' ? trim(value.value) : undefined;
      mounted = mount === undefined ? [] : backends.filter((b) => b.mount !== undefined && b.mount === mount);
    }
    const [target] = mounted;
    return mounted.length === 1 && target ? target.issuer : undefined;
  };
}

/**
 * The JWT/OIDC mounts a JWT role's token policies must not reach (their `config` and `role/*` are
 * the trust), as the module declares them, never guessed: each `vault_jwt_auth_backend`'s known
 * `path` (absent: its known `type`, `jwt` when that is absent too, as the provider's default), each
 * `vault_auth_backend` of known type jwt or oidc (its known `path`, else its type), and the role's
 * own `backend` when known (`jwt` when absent). An unknown path or type adds nothing.
 */
export function jwtMountsReader(
  evaluator: TerraformEvaluator,
  files: readonly TfFile[],
): (role: TfBlock) => readonly string[] {
  let declared: string[] | undefined;
  const known = (block: TfBlock, attribute: string, file: TfFile): string | null | undefined => {
    const expr = block.attributes.get(attribute)?.value;
    if (!expr) return null;
    const value = evaluator.evaluate(expr, 0, file);
    return value.known && typeof value.value === 'string' ? trim(value.value) : undefined;
  };
  const mountOf = (block: TfBlock, file: TfFile, defaultType: string | undefined): string | undefined => {
    const type = known(block, 'type', file);
    const kind = type === null ? defaultType : type?.toLowerCase();
    if (kind !== 'jwt' && kind !== 'oidc') return undefined;
    const path = known(block, 'path', file);
    return path === null ? kind : path;
  };
  const read = (): string[] =>
    files.flatMap((file) =>
      file.blocks.flatMap((b) => {
        if (b.type !== 'resource') return [];
        const mount =
          b.labels[0] === 'vault_jwt_auth_backend'
            ? mountOf(b, file, 'jwt')
            : b.labels[0] === 'vault_auth_backend'
              ? mountOf(b, file, undefined)
              : undefined;
        return mount === undefined ? [] : [mount];
      }),
    );
  return (role) => {
    declared ??= read();
    const own = known(role, 'backend', evaluator.file);
    const mounts = [...declared, ...(own === undefined ? [] : [own ?? 'jwt'])];
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
