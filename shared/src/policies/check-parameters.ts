import type { AclPermissions } from './build-acl.ts';

/**
 * The parameter rules of a matched path for read, create, update and patch, in the real engine's
 * order: required keys present; an empty request passes; denied keys/values; allowed keys/values
 * (once any key is listed, unlisted keys are denied unless `"*"` is listed). Keys compare
 * lower-cased; string values may use a leading or trailing `*`; lists and comma-separated strings
 * are checked element by element.
 */
export function parametersAllowed(permissions: AclPermissions, params: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(params);
  // The real engine looks required keys up case-sensitively against the request data.
  for (const required of permissions.requiredParameters) if (!keys.includes(required.toLowerCase())) return false;
  if (keys.length === 0) return true;
  const denied = permissions.deniedParameters;
  if (denied && Object.keys(denied).length > 0) {
    if ('*' in denied) return false;
    for (const [key, value] of Object.entries(params)) {
      const values = denied[key.toLowerCase()];
      if (values && valueInDenied(value, values)) return false;
    }
  }
  const allowed = permissions.allowedParameters;
  if (!allowed || Object.keys(allowed).length === 0) return true;
  const allowedAll = '*' in allowed;
  if (allowedAll && Object.keys(allowed).length === 1) return true;
  for (const [key, value] of Object.entries(params)) {
    const values = allowed[key.toLowerCase()];
    if (!values && !allowedAll) return false;
    if (values && !valueInAllowed(value, values)) return false;
  }
  return true;
}

function valueInAllowed(value: unknown, list: readonly unknown[]): boolean {
  if (list.length === 0 || inList(value, list)) return true;
  const elements = elementsOf(value);
  return elements !== undefined && elements.every((v) => inList(v, list));
}

function valueInDenied(value: unknown, list: readonly unknown[]): boolean {
  if (list.length === 0 || inList(value, list)) return true;
  const elements = elementsOf(value);
  return elements !== undefined && elements.some((v) => inList(v, list));
}

/** A list's elements, or a string's comma-separated parts; undefined for other values. */
function elementsOf(value: unknown): readonly unknown[] | undefined {
  if (Array.isArray(value)) return value as readonly unknown[];
  if (typeof value === 'string') return value.split(',').map((s) => s.trim());
  return undefined;
}

function inList(value: unknown, list: readonly unknown[]): boolean {
  return list.some((item) => {
    if (item === null || item === undefined || value === null || value === undefined)
      return item === value || (item == null && value == null);
    if (typeof item === 'string') return typeof value === 'string' && globbedMatch(item, value);
    return deepEqual(item, value);
  });
}

/** `*x`, `x*` and `*x*` globs as the real engine's GlobbedStringsMatch; otherwise equality. */
function globbedMatch(pattern: string, value: string): boolean {
  if (pattern.length < 2) return pattern === value;
  const starts = pattern.startsWith('*');
  const ends = pattern.endsWith('*');
  if (starts && ends) return value.includes(pattern.slice(1, -1));
  if (starts) return value.endsWith(pattern.slice(1));
  if (ends) return value.startsWith(pattern.slice(0, -1));
  return pattern === value;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}
