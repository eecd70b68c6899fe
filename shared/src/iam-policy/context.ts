/** Request context keys and their values (multi-valued keys such as `aws:TagKeys` as lists). */
export type RequestContext = Readonly<Record<string, string | readonly string[]>>;

/** Condition keys are case-insensitive: a context with lower-case keys for look-ups. */
export function normaliseContext(context: RequestContext): Map<string, readonly string[]> {
  const out = new Map<string, readonly string[]>();
  for (const [key, value] of Object.entries(context))
    out.set(key.toLowerCase(), typeof value === 'string' ? [value] : value);
  return out;
}

/**
 * Replaces policy variables (`${aws:username}`, `${aws:PrincipalTag/team}`, `${*}`, `${?}`, `${$}`)
 * in a Resource or condition value. A variable with no value makes the whole value unmatchable
 * (undefined), as the provider treats it; `${key, 'default'}` supplies a default.
 */
export function substituteVariables(text: string, context: Map<string, readonly string[]>): string | undefined {
  if (!text.includes('${')) return text;
  let failed = false;
  const out = text.replace(/\$\{([^}]*)\}/g, (_all, inner: string) => {
    // keyfob simplification: `${*}` and `${?}` stand for the characters, which then match as wildcards too.
    if (inner === '*') return '*';
    if (inner === '?') return '?';
    if (inner === '$') return '$';
    const [name = '', fallback] = inner.split(/,\s*/);
    const value = context.get(name.trim().toLowerCase())?.[0];
    if (value !== undefined) return value;
    const quoted = fallback === undefined ? undefined : /^'(.*)'$/.exec(fallback.trim())?.[1];
    if (quoted !== undefined) return quoted;
    failed = true;
    return '';
  });
  return failed ? undefined : out;
}
