import { globMatch } from '../jwt-roles/index.ts';
import type { LoginScope } from './access-types.ts';

/** One binding on a claim: any one of the values matches (as globs when `glob`). */
export interface Clause {
  readonly values: readonly string[];
  readonly glob: boolean;
}

/** The environment of a job whose `sub` names a ref or a pull request: it has none. */
export const NO_ENVIRONMENT = '(none)';

/** The claims a login path speaks of. */
export type Dimension = 'repository' | 'ref' | 'environment' | 'event';

const ANY: Readonly<Record<Dimension, string>> = {
  repository: 'any repository',
  ref: 'any ref',
  environment: 'any environment or none',
  event: 'any event',
};

/**
 * Combines the bindings on one claim (all must hold) into a scope: exact values are intersected
 * and kept when some value of every glob binding matches them; globs alone are described.
 */
export function scopeOf(dimension: Dimension, clauses: readonly Clause[]): LoginScope {
  const bound = clauses.filter((c) => !(c.glob && c.values.includes('*')));
  if (bound.length === 0) return { text: ANY[dimension], unbound: true, glob: clauses.length > 0 };
  const exact = bound.filter((c) => !c.glob || !c.values.some((v) => v.includes('*')));
  const globs = bound.filter((c) => !exact.includes(c));
  if (exact.length > 0) {
    let values = [...new Set(exact[0]?.values ?? [])];
    for (const c of exact.slice(1)) values = values.filter((v) => c.values.includes(v));
    values = values.filter((v) => globs.every((g) => g.values.some((p) => globMatch(p, v))));
    if (values.length === 0)
      return {
        text: `no ${dimension} (its bindings contradict each other)`,
        unbound: false,
        glob: false,
        anyOf: [],
        impossible: true,
      };
    return {
      text: values.map((v) => describe(dimension, v, false)).join(' or '),
      unbound: false,
      glob: false,
      anyOf: values,
    };
  }
  const text = globs.map((g) => g.values.map((v) => describe(dimension, v, true)).join(' or ')).join(', and ');
  return globs.length === 1
    ? { text, unbound: false, glob: true, anyOf: globs[0]?.values ?? [] }
    : { text, unbound: false, glob: true };
}

/** One value in words: a branch, a tag, the repositories of an owner. */
function describe(dimension: Dimension, value: string, glob: boolean): string {
  const star = glob && value.includes('*');
  if (value === NO_ENVIRONMENT) return 'no environment';
  if (dimension === 'repository') return star ? describeRepositoryGlob(value) : value;
  if (dimension === 'ref') return describeRef(value, star);
  if (dimension === 'environment' && star) return value === '*' ? 'any environment' : `environments matching ${value}`;
  return star ? `matching ${value}` : value;
}

function describeRepositoryGlob(value: string): string {
  const slash = value.indexOf('/');
  const owner = slash === -1 ? value : value.slice(0, slash);
  const name = slash === -1 ? '' : value.slice(slash + 1);
  if (owner.includes('*') || slash === -1)
    return `repositories matching ${value} (the owner is open: other owners' repositories match)`;
  if (name === '*') return `any repository of owner ${owner}`;
  return `repositories of owner ${owner} matching ${name}`;
}

const REF_KINDS = [
  ['refs/heads/', 'branch', 'branches'],
  ['refs/tags/', 'tag', 'tags'],
] as const;

function describeRef(value: string, star: boolean): string {
  for (const [prefix, kind, kinds] of REF_KINDS) {
    if (!value.startsWith(prefix)) continue;
    const rest = value.slice(prefix.length);
    if (!star) return `${kind} ${rest}`;
    return rest === '*' ? `any ${kind}` : `${kinds} matching ${rest}`;
  }
  return star ? `refs matching ${value}` : value;
}
