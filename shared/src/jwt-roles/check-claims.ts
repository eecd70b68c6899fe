import { pointerToSegments } from '../text/index.ts';
import type { JwtRole } from './jwt-role-types.ts';

/** Decoded JWT claims. */
export type JwtClaims = Readonly<Record<string, unknown>>;

/**
 * The role's bound claims against a token's claims, as the real engine checks them (after the
 * signature, issuer, audience, subject and times): every bound claim must be present and one of
 * its values must match one of the claim's values (type-sensitive for `string`, `*` spanning any
 * characters for `glob`). Returns the error text (without the `error validating claims: ` prefix)
 * or undefined.
 */
export function checkBoundClaims(role: JwtRole, claims: JwtClaims): string | undefined {
  for (const [name, expected] of Object.entries(role.boundClaims)) {
    const actual = claimValue(claims, name);
    if (actual === undefined || actual === null) return `claim "${name}" is missing`;
    const actualValues = Array.isArray(actual) ? actual : [actual];
    if (!actualValues.every((v) => typeof v !== 'object')) return `received claim is not a string or list: ${name}`;
    const found = expected.some((e) =>
      actualValues.some((a) =>
        role.boundClaimsType === 'glob' ? typeof a === 'string' && typeof e === 'string' && globMatch(e, a) : e === a,
      ),
    );
    if (!found) return `claim "${name}" does not match any associated bound claim values`;
  }
  return undefined;
}

/** A claim by name, or by JSON Pointer (`/a/b`) for nested claims. */
function claimValue(claims: JwtClaims, name: string): unknown {
  if (!name.startsWith('/')) return claims[name];
  let node: unknown = claims;
  for (const key of pointerToSegments(name)) {
    node =
      typeof node === 'object' && node !== null && !Array.isArray(node)
        ? (node as Record<string, unknown>)[key]
        : undefined;
  }
  return node;
}

/** The glob of bound claims: `*` matches any run of characters (`/` and `:` included); nothing else is special. */
export function globMatch(pattern: string, text: string): boolean {
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern === text;
  const first = parts[0] ?? '';
  const last = parts[parts.length - 1] ?? '';
  if (!text.startsWith(first) || text.length < first.length + last.length || !text.endsWith(last)) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (const middle of parts.slice(1, -1)) {
    const found = text.indexOf(middle, at);
    if (found === -1 || found + middle.length > end) return false;
    at = found + middle.length;
  }
  return true;
}

/**
 * The user claim as a string (the alias and display name), or the real engine's error. With
 * `user_claim_json_pointer` the claim is a JSON Pointer (`/a/b`); without it, a top-level name.
 */
export function userClaimValue(
  role: Pick<JwtRole, 'userClaim' | 'userClaimJsonPointer'>,
  claims: JwtClaims,
): { value?: string; error?: string } {
  const raw = role.userClaimJsonPointer ? claimValue(claims, role.userClaim) : claims[role.userClaim];
  if (raw === undefined || raw === null) return { error: `claim "${role.userClaim}" not found in token` };
  if (typeof raw === 'string') return { value: raw };
  if (typeof raw === 'number') return { value: String(raw) };
  return { error: `claim "${role.userClaim}" could not be converted to string` };
}

/**
 * The role's `groups_claim` against a token, as the real engine reads it when it builds the
 * identity (after the user claim and the mappings, before the bound claims): when set, the claim
 * (a name or a JSON Pointer) must be present and be a string or a list of strings. Returns the
 * real engine's error, or undefined. An unset `groups_claim` asks nothing.
 */
export function checkGroupsClaim(role: Pick<JwtRole, 'groupsClaim'>, claims: JwtClaims): string | undefined {
  if (role.groupsClaim === '') return undefined;
  const raw = claimValue(claims, role.groupsClaim);
  if (raw === undefined || raw === null) return `${JSON.stringify(role.groupsClaim)} claim not found in token`;
  const scalar = typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean';
  const values: unknown[] | undefined = Array.isArray(raw) ? raw : scalar ? [raw] : undefined;
  if (!values) return `${JSON.stringify(role.groupsClaim)} claim could not be converted to string list`;
  const bad = values.find((v) => typeof v !== 'string');
  if (bad !== undefined) {
    // Numbers and booleans read as Go's %v prints them, null as its <nil>; objects and lists as JSON.
    const shown = bad === null ? '<nil>' : (JSON.stringify(bad) ?? '<nil>');
    return `value ${shown.length > 80 ? `${shown.slice(0, 80)}…` : shown} in groups claim could not be parsed as string`;
  }
  return undefined;
}

/** Token metadata from `claim_mappings` (absent claims skipped), or the real engine's error. */
export function mappedMetadata(
  role: JwtRole,
  claims: JwtClaims,
): { metadata?: Record<string, string>; error?: string } {
  const metadata: Record<string, string> = {};
  for (const [claim, key] of Object.entries(role.claimMappings)) {
    const raw = claimValue(claims, claim);
    if (raw === undefined || raw === null) continue;
    if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean')
      return { error: `error converting claim '${claim}' to string` };
    metadata[key] = String(raw);
  }
  return { metadata };
}
