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
 * backend's `bound_issuer`, else its `oidc_discovery_url`. Anything else (an unknown value, another
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
  const read = (): JwtBackend[] =>
    files.flatMap((file) =>
      file.blocks
        .filter((b) => b.type === 'resource' && b.labels[0] === 'vault_jwt_auth_backend')
        .map((b) => ({
          label: b.labels[1],
          mount: b.attributes.has('path') ? trim(text(b, 'path', file)) : 'jwt',
          issuer: text(b, 'bound_issuer', file) ?? text(b, 'oidc_discovery_url', file),
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

function trim(mount: string | undefined): string | undefined {
  return mount?.replace(/^\/+|\/+$/g, '');
}
