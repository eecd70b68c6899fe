import type { TerraformResource } from './read-resources.ts';
import type { TfBlock, TfExpr, TfFile } from './terraform-ast.ts';

/**
 * The issuer of the `vault_jwt_auth_backend` of the module a JWT role is on: the one its `backend`
 * refers to (`vault_jwt_auth_backend.x.path`), else the one mounted at its literal `backend` (`jwt`
 * when absent, as the provider's default `path`), when exactly one is; its literal `bound_issuer`,
 * else `oidc_discovery_url`. Anything else (a variable, another module's backend): undefined.
 */
export function jwtIssuerOf(resource: TerraformResource, tf: TfFile, files: readonly TfFile[]): string | undefined {
  const [type, label] = resource.address.split('.');
  const block = tf.blocks.find((b) => b.type === 'resource' && b.labels[0] === type && b.labels[1] === label);
  const backend = block?.attributes.get('backend')?.value;
  const backends = files.flatMap((f) =>
    f.blocks.filter((b) => b.type === 'resource' && b.labels[0] === 'vault_jwt_auth_backend'),
  );
  const mountOf = (b: TfBlock): string | undefined => {
    const path = b.attributes.get('path')?.value;
    return path === undefined ? 'jwt' : literalText(path);
  };
  const trim = (mount: string): string => mount.replace(/^\/+|\/+$/g, '');
  let mounted: TfBlock[];
  if (backend?.t === 'ref') {
    const [refType, refName] = backend.path;
    mounted = refType === 'vault_jwt_auth_backend' ? backends.filter((b) => b.labels[1] === refName) : [];
  } else {
    const mount = backend === undefined ? 'jwt' : literalText(backend);
    mounted =
      mount === undefined
        ? []
        : backends.filter((b) => {
            const at = mountOf(b);
            return at !== undefined && trim(at) === trim(mount);
          });
  }
  const [target] = mounted;
  if (mounted.length !== 1 || !target) return undefined;
  for (const attribute of ['bound_issuer', 'oidc_discovery_url']) {
    const issuer = literalText(target.attributes.get(attribute)?.value);
    if (issuer !== undefined && issuer.trim() !== '') return issuer;
  }
  return undefined;
}

/** A literal string expression's value. */
function literalText(expr: TfExpr | undefined): string | undefined {
  return expr?.t === 'literal' && typeof expr.value === 'string' ? expr.value : undefined;
}
