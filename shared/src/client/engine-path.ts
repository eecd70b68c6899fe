/**
 * Builds `/v1/<mount>/<segments>` with every segment URL-encoded. The mount may itself contain
 * slashes (`aws/prod`); each of its parts is encoded on its own so the slashes stay separators.
 */
export function mountPath(mount: string, ...segments: readonly string[]): string {
  return systemPath(...mount.split('/').filter((part) => part !== ''), ...segments);
}

/** Builds `/v1/<segments>` with every segment URL-encoded, e.g. `systemPath('sys', 'leases', 'revoke')`. */
export function systemPath(...segments: readonly string[]): string {
  return `/v1/${segments.map((segment) => encodeURIComponent(segment)).join('/')}`;
}

/** Splits a value that is itself a path (a lease prefix such as `cloud/creds/deploy`) into segments to encode. */
export function splitPathValue(value: string): string[] {
  return value.split('/').filter((part) => part !== '');
}
