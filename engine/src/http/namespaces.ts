import type { RawRequest, RawResponse } from './raw-request.ts';

type Handle = (request: RawRequest) => Promise<RawResponse>;

/** Longest `X-Vault-Namespace` read. */
const MAX_HEADER = 256;

/**
 * Routes a request to its namespace as OpenBao's `ResolveNamespaceFromRequest` does: the
 * `X-Vault-Namespace` header (slashes trimmed, `root` is the root namespace) is put in front of the
 * request path, and the namespace named by the first segment of the result takes the request with
 * that segment removed (`/v1/team-a/cloud/creds/x`, or `X-Vault-Namespace: team-a` with
 * `/v1/cloud/creds/x`). A header that names no namespace is 404 `namespace not found`; a path whose
 * first segment is no namespace stays in the root namespace. Namespaces do not nest here.
 */
export function namespacedHandler(root: Handle, spaces: ReadonlyMap<string, Handle>): Handle {
  if (spaces.size === 0) return root;
  return (request) => {
    const found = resolveNamespace(request, spaces);
    if (found === undefined)
      return Promise.resolve({ status: 404, body: JSON.stringify({ errors: ['namespace not found'] }) });
    const handler = found.space === undefined ? undefined : spaces.get(found.space);
    return handler ? handler({ ...request, url: found.url }) : root(request);
  };
}

/**
 * The namespace a request goes to (undefined: the root namespace) and its URL inside it, as
 * `namespacedHandler` routes it; undefined when the header names no namespace.
 */
export function resolveNamespace(
  request: RawRequest,
  spaces: ReadonlyMap<string, unknown> | ReadonlySet<string>,
): { readonly space: string | undefined; readonly url: string } | undefined {
  if (spaces.size === 0) return { space: undefined, url: request.url };
  const header = canonicalHeader(request.headers['x-vault-namespace']);
  const cut = request.url.indexOf('?');
  const path = cut < 0 ? request.url : request.url.slice(0, cut);
  const query = cut < 0 ? '' : request.url.slice(cut);
  if (header === undefined || !path.startsWith('/v1/')) return undefined;
  const stacked = `${header}${path.slice(4)}`;
  const slash = stacked.indexOf('/');
  const first = slash < 0 ? stacked : stacked.slice(0, slash);
  if (spaces.has(first)) return { space: first, url: `/v1/${slash < 0 ? '' : stacked.slice(slash + 1)}${query}` };
  return header === '' ? { space: undefined, url: request.url } : undefined;
}

/** `team-a/` for `team-a`, `/team-a/` or ` team-a`; `''` for none or `root`; undefined for an unusable one. */
function canonicalHeader(value: string | undefined): string | undefined {
  if (value === undefined) return '';
  if (value.length > MAX_HEADER) return undefined;
  const trimmed = value.trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' || trimmed === 'root' ? '' : `${trimmed}/`;
}
