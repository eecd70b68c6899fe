import { createHmac } from 'node:crypto';
import { resolveNamespace } from '../http/namespaces.ts';
import type { RawRequest, RawResponse } from '../http/raw-request.ts';

/** How a cluster's standbys answer "not yet": Vault 412, OpenBao 429 with `Retry-After`. */
export type ClusterFlavor = 'vault' | 'openbao';

/** A cluster node's role, as `sys/health` reports it. */
export type NodeRole = 'active' | 'standby' | 'perfstandby';

/** The role of a standby in each flavour: Vault Enterprise performance standbys, OpenBao standbys (reads since 2.6). */
export const STANDBY_ROLE: Readonly<Record<ClusterFlavor, NodeRole>> = { vault: 'perfstandby', openbao: 'standby' };

/** Vault's `logical.ErrMissingRequiredState`. */
const MISSING_STATE = 'required index state not present';

/** Handles one request on one node (the engine's dispatcher, or a cluster node around it). */
type Handle = (request: RawRequest) => Promise<RawResponse>;

/**
 * The `X-Vault-Index` of state `index` in cluster `clusterId`, in Vault's shape: base64 of
 * `v1:<cluster id>:<local index>:<replicated index>:<hmac>` (no performance replication here: 0).
 */
function encodeIndex(clusterId: string, index: number, key: string): string {
  const text = `v1:${clusterId}:${index}:0`;
  return Buffer.from(`${text}:${createHmac('sha256', key).update(text).digest('hex')}`).toString('base64');
}

/** The state an `X-Vault-Index` names in this cluster; undefined for another cluster's, a forged or an unreadable one. */
function decodeIndex(clusterId: string, header: string | undefined, key: string): number | undefined {
  if (header === undefined || header.length > 1024) return undefined;
  const parts = Buffer.from(header, 'base64').toString('latin1').split(':');
  if (parts.length !== 5 || parts[0] !== 'v1' || parts[1] !== clusterId || !/^\d{1,15}$/.test(parts[2] ?? ''))
    return undefined;
  const expected = createHmac('sha256', key).update(parts.slice(0, 4).join(':')).digest('hex');
  return parts[4] === expected ? Number(parts[2]) : undefined;
}

/** The mounts of every namespace (the same list in each) and the child namespaces' names. */
export interface ClusterMounts {
  readonly mounts: readonly string[];
  readonly namespaces: ReadonlySet<string>;
}

/**
 * Whether a request changes state, so a standby sends it to the active node: every write and
 * delete, credential reads (they create a lease, which only the active node may do; in a child
 * namespace too, by header or path prefix), and any request asking for response wrapping (the
 * wrapping token and its answer are written, so the real engine forwards those too).
 */
function changesState(request: RawRequest, at: ClusterMounts): boolean {
  if (request.method !== 'GET' && request.method !== 'LIST' && request.method !== 'HEAD') return true;
  if (request.headers['x-vault-wrap-ttl'] !== undefined) return true;
  const url = resolveNamespace(request, at.namespaces)?.url ?? '';
  const path = url.split('?', 1)[0] ?? '';
  return at.mounts.some((m) => path.startsWith(`/v1/${m}/creds/`) || path.startsWith(`/v1/${m}/sts/`));
}

/** The active node: answers state-changing requests with the `X-Vault-Index` of the state they reached. */
export function activeNode(handle: Handle, cluster: ClusterIdentity, index: () => number, at: ClusterMounts): Handle {
  return async (request) => {
    const response = await handle(request);
    if (!changesState(request, at)) return response;
    const value = encodeIndex(cluster.id, index(), cluster.key);
    return { ...response, headers: { ...response.headers, 'X-Vault-Index': value } };
  };
}

/** A cluster's id and the key its index values are signed with. */
export interface ClusterIdentity {
  readonly id: string;
  readonly key: string;
}

/** What a standby needs besides its own dispatcher. */
export interface StandbyDeps {
  readonly flavor: ClusterFlavor;
  readonly cluster: ClusterIdentity;
  readonly at: ClusterMounts;
  readonly lagMs: number;
  /** The last state this standby applied. */
  readonly applied: () => number;
  /** The active node's handler (forwarding happens in process, as over Vault's cluster port). */
  readonly active: Handle;
  /** The active node's address (`api_addr`), for 307 redirects. */
  readonly activeUrl: () => string;
}

/**
 * A standby: serves reads from its replicated state (stale within the lag), forwards writes and
 * credential reads to the active node (OpenBao: a 307 to it when the client sends
 * `X-Vault-No-Request-Forwarding`; Vault performance standbys ignore that header), and honours
 * `X-Vault-Index`: a state it has not reached is forwarded when the client sends
 * `X-Vault-Inconsistent: forward-active-node`, else refused (Vault 412, OpenBao 429 + `Retry-After`).
 * `X-Vault-Forward: active-node` forwards any request.
 */
export function standbyNode(handle: Handle, deps: StandbyDeps): Handle {
  return async (request) => {
    const h = request.headers;
    if (changesState(request, deps.at)) {
      // A request target is printable ASCII from node's parser; anything else is forwarded, never put in a header.
      if (
        deps.flavor === 'openbao' &&
        h['x-vault-no-request-forwarding'] !== undefined &&
        /^[\x21-\x7e]+$/.test(request.url)
      )
        return { status: 307, body: undefined, headers: { Location: deps.activeUrl() + request.url } };
      return deps.active(request);
    }
    if (h['x-vault-forward']?.toLowerCase() === 'active-node') return deps.active(request);
    const wanted = decodeIndex(deps.cluster.id, h['x-vault-index'], deps.cluster.key);
    if (wanted !== undefined && wanted > deps.applied()) {
      if (h['x-vault-inconsistent']?.toLowerCase() === 'forward-active-node') return deps.active(request);
      if (deps.flavor === 'vault') return { status: 412, body: JSON.stringify({ errors: [MISSING_STATE] }) };
      return {
        status: 429,
        body: JSON.stringify({ errors: [MISSING_STATE] }),
        headers: { 'Retry-After': String(Math.max(1, Math.ceil(deps.lagMs / 1000))) },
      };
    }
    return handle(request);
  };
}
