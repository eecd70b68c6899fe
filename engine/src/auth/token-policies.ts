/**
 * Policy names as the real engine sanitises them (policyutil.SanitizePolicies): trimmed,
 * lower-cased, empty ones dropped, duplicates removed, sorted; `root` present means only `root`.
 * With `addDefault`, `default` is added unless `root` is there.
 */
export function sanitizePolicies(names: readonly string[], addDefault: boolean): string[] {
  const out = new Set(names.map((n) => n.trim().toLowerCase()).filter((n) => n !== ''));
  if (out.has('root')) return ['root'];
  if (addDefault) out.add('default');
  return [...out].sort();
}

/** True when every policy of `child` (ignoring `default`) is among `parent`'s. */
export function isSubset(child: readonly string[], parent: readonly string[]): boolean {
  const granted = new Set(parent);
  return child.every((p) => p === 'default' || granted.has(p));
}
