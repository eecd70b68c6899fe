/**
 * Root-protected paths: the normal capability is not enough, the matched rule must also grant
 * `sudo` (root passes). The real engine's `PathsSpecial.Root` of `sys/` and `auth/token/` for the
 * paths keyfob serves or reserves; a trailing `*` is a prefix. keyfob adds its development API
 * (`sys/dev/*`): it rewrites the emulated cloud and moves the clock, so it is root's alone.
 */
const ROOT_PATHS: readonly string[] = [
  'sys/auth/*',
  'sys/audit',
  'sys/audit/*',
  'sys/raw',
  'sys/raw/*',
  'sys/remount',
  'sys/rotate*',
  'sys/config/cors',
  'sys/revoke-prefix/*',
  'sys/revoke-force/*',
  'sys/leases',
  'sys/leases/lookup/*',
  'sys/leases/revoke-prefix/*',
  'sys/leases/revoke-force/*',
  'sys/dev/*',
  'auth/token/revoke-orphan/*',
  'auth/token/accessors*',
];

/** True when the path needs sudo. */
export function isRootPath(path: string): boolean {
  return ROOT_PATHS.some((p) => (p.endsWith('*') ? path.startsWith(p.slice(0, -1)) : path === p));
}
