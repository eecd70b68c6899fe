import type { Acl, AclPermissions } from './build-acl.ts';

interface Candidate {
  readonly firstWildcard: number;
  readonly isPrefix: boolean;
  readonly wildcards: number;
  readonly path: string;
  readonly permissions: AclPermissions;
}

/**
 * The rule that decides for a path among the non-exact rules, by the real engine's priority: the
 * longest `*` prefix rule and every matching `+` rule compete; a candidate loses when its first
 * `+`/`*` comes earlier, when it ends in `*` and the other does not, when it has more `+`
 * segments, when it is shorter, and finally when it sorts first.
 */
export function matchNonExact(acl: Acl, path: string): AclPermissions | undefined {
  const candidates: Candidate[] = [];
  const prefix = longestPrefix(acl, path);
  if (prefix) {
    if (acl.segment.size === 0) return prefix.permissions;
    candidates.push({
      firstWildcard: prefix.key.length,
      isPrefix: true,
      wildcards: 0,
      path: prefix.key,
      permissions: prefix.permissions,
    });
  }
  if (acl.segment.size === 0) return undefined;
  const parts = path.split('/');
  for (const [full, permissions] of acl.segment) {
    const candidate = segmentCandidate(full, parts, permissions);
    if (candidate) candidates.push(candidate);
  }
  return candidates.sort(compareCandidates).pop()?.permissions;
}

function longestPrefix(acl: Acl, path: string): { key: string; permissions: AclPermissions } | undefined {
  let best: { key: string; permissions: AclPermissions } | undefined;
  for (const [key, permissions] of acl.prefix) {
    if (path.startsWith(key) && (!best || key.length > best.key.length)) best = { key, permissions };
  }
  return best;
}

function segmentCandidate(full: string, parts: readonly string[], permissions: AclPermissions): Candidate | undefined {
  if (full === '') return undefined;
  const isPrefix = full.endsWith('*');
  const rulePath = isPrefix ? full.slice(0, -1) : full;
  const ruleParts = rulePath.split('/');
  if (parts.length < ruleParts.length) return undefined;
  if (!isPrefix && ruleParts.length !== parts.length) return undefined;
  let wildcards = 0;
  for (const [i, rulePart] of ruleParts.entries()) {
    const part = parts[i] ?? '';
    if (rulePart === '+') wildcards++;
    else if (rulePart === part) continue;
    else if (isPrefix && i === ruleParts.length - 1 && part.startsWith(rulePart)) continue;
    else return undefined;
  }
  return { firstWildcard: full.indexOf('+'), isPrefix, wildcards, path: rulePath, permissions };
}

/** Sorts lower priority first. */
function compareCandidates(a: Candidate, b: Candidate): number {
  if (a.firstWildcard !== b.firstWildcard) return a.firstWildcard - b.firstWildcard;
  if (a.isPrefix !== b.isPrefix) return a.isPrefix ? -1 : 1;
  if (a.wildcards !== b.wildcards) return b.wildcards - a.wildcards;
  if (a.path.length !== b.path.length) return a.path.length - b.path.length;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}
