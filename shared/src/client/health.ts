import type { ClientCore } from './client-core.ts';
import type { CallOptions } from './engine-client-options.ts';
import { systemPath } from './engine-path.ts';
import { HEALTH_STATUS } from './health-status.ts';
import { isRecord } from '../text/index.ts';
import { readBoolean, readString } from './read-fields.ts';

/** Which server it is, from the `version` of `sys/health`. */
type ServerFlavor = 'keyfob' | 'vault' | 'vault-enterprise' | 'openbao' | 'unknown';

/** A node's answer to `sys/health`. */
interface NodeHealth {
  readonly status: number;
  /** `active`, `standby`, `perfstandby`, `sealed`... (`unknown` for a status outside the table). */
  readonly role: string;
  readonly words: string;
  readonly version: string | undefined;
  readonly flavor: ServerFlavor;
  readonly clusterName: string | undefined;
}

/** Calls under `/v1/sys` about the server itself. */
export interface SysCalls {
  /** `GET /v1/sys/health` (no token sent): every health status is an answer, not an error. */
  health(options?: CallOptions): Promise<NodeHealth>;
  /** `GET /v1/sys/mounts`: the mount's type and plugin version, or undefined when it is not mounted. */
  mountInfo(mount: string, options?: CallOptions): Promise<{ type: string; version: string | undefined } | undefined>;
}

/** The server calls of a client, built on its core. */
export function createSysCalls(core: ClientCore): SysCalls {
  return {
    health: (options) =>
      core.call(
        {
          method: 'GET',
          path: systemPath('sys', 'health'),
          auth: false,
          accept: Object.keys(HEALTH_STATUS).map(Number),
          options,
        },
        (body, _warnings, status) => readHealth(body, status),
      ),
    mountInfo: (mount, options) =>
      core.call({ method: 'GET', path: systemPath('sys', 'mounts'), options }, (body) => {
        const table = isRecord(body) && isRecord(body.data) ? body.data : body;
        const entry = isRecord(table) ? table[`${mount.replace(/^\/+|\/+$/g, '')}/`] : undefined;
        if (!isRecord(entry)) return undefined;
        const version = readString(entry, 'running_plugin_version', 'plugin_version');
        return { type: readString(entry, 'type') ?? 'unknown', version: version === '' ? undefined : version };
      }),
  };
}

/** The health of a node from the status and body of `sys/health`. */
function readHealth(body: unknown, status: number): NodeHealth {
  const known = HEALTH_STATUS[status];
  const fields = isRecord(body) ? body : {};
  const version = readString(fields, 'version');
  const performance = readBoolean(fields, 'performance_standby') === true;
  // With standbyok/perfstandbyok a standby answers 200: its body still says what it is.
  const role =
    status === 200 && readBoolean(fields, 'standby') === true ? (performance ? 'perfstandby' : 'standby') : known?.role;
  const words = role === known?.role ? known?.words : Object.values(HEALTH_STATUS).find((h) => h.role === role)?.words;
  return {
    status,
    role: role ?? 'unknown',
    words: words ?? `an unknown state (status ${status})`,
    version,
    flavor: flavorOf(version),
    clusterName: readString(fields, 'cluster_name'),
  };
}

/** keyfob's engine says `+keyfob`; Vault Enterprise `+ent`; OpenBao's versions are 2.x and later, Vault's 1.x. */
function flavorOf(version: string | undefined): ServerFlavor {
  if (version === undefined) return 'unknown';
  if (version.includes('+keyfob')) return 'keyfob';
  if (/\+ent\b/.test(version)) return 'vault-enterprise';
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major === 1) return 'vault';
  if (major >= 2) return 'openbao';
  return 'unknown';
}
