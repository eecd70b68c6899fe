import type { AclPolicy, PathRule } from './policy-types.ts';
import { readPolicy } from './read-policy.ts';

/** A rule of a policy known in part: the known start of its path (undefined when the path is known), and whether the rest is known. */
interface UnknownPathRule {
  readonly rule: PathRule;
  readonly pathStart: string | undefined;
  readonly bodyKnown: boolean;
}

/**
 * An ACL policy whose text is known in part (a Terraform template or policy data source with
 * values keyfob does not know): `rules` are the rules that are fully known, `unknownRules` those
 * with an unknown part. An unknown value is taken to stay inside the string or list it is written
 * in. Decide with `readingsFor`, never with `rules` alone.
 */
export interface PartialAclPolicy extends AclPolicy {
  readonly unknownRules: readonly UnknownPathRule[];
}

const MARK = '__keyfob_unknown_';

/**
 * Reads a policy text known in part (known text, and `{ unknown }` where a value goes); undefined
 * when the known text does not read as a policy with the unknown parts inside path rules or line
 * comments (the unknown could then be any rules).
 */
export function readPartialPolicy(
  pieces: readonly (string | { readonly unknown: string })[],
  name: string,
): PartialAclPolicy | undefined {
  let text = '';
  const holes: { start: number; end: number }[] = [];
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      if (piece.includes(MARK)) return undefined;
      text += piece;
      continue;
    }
    const mark = `${MARK}${holes.length}__`;
    holes.push({ start: text.length, end: text.length + mark.length });
    text += mark;
  }
  const read = readPolicy(text, name).value;
  if (!read) return undefined;
  const within = (hole: { start: number }, range: { start: number; end: number } | undefined): boolean =>
    range !== undefined && hole.start >= range.start && hole.start < range.end;
  const rules: PathRule[] = [];
  const unknownRules: UnknownPathRule[] = [];
  const placed = new Set<number>();
  for (const rule of read.rules) {
    const inRule = holes.filter((h) => within(h, rule.range));
    if (inRule.length === 0) {
      rules.push(rule);
      continue;
    }
    for (const h of inRule) placed.add(h.start);
    const inPath = inRule.filter((h) => within(h, rule.pathRange));
    unknownRules.push({
      rule,
      pathStart: inPath.length > 0 ? rule.path.slice(0, Math.max(0, rule.path.indexOf(MARK))) : undefined,
      bodyKnown: inPath.length === inRule.length,
    });
  }
  for (const hole of holes.filter((h) => !placed.has(h.start))) {
    const line = text.slice(text.lastIndexOf('\n', hole.start - 1) + 1, hole.start);
    if (!/^\s*(#|\/\/)/.test(line)) return undefined;
  }
  return { name, rules, unknownRules };
}

/**
 * The ways a policy known in part may decide on `path`: a grant that every reading gives, the
 * policy gives whatever its unknown parts are. A rule whose path is known and body is not is
 * `deny` in every reading (it is there, and may deny). A rule whose path is unknown may not match
 * `path` (the first reading: the known rules alone) or, when its known start allows, match it as
 * the most specific rule (one reading each: an exact rule on `path`, nothing beats it; `deny` when
 * its body is unknown too). A fully known policy is its one reading.
 */
export function readingsFor(policy: AclPolicy | PartialAclPolicy, path: string): AclPolicy[] {
  if (!('unknownRules' in policy) || policy.unknownRules.length === 0) return [policy];
  const known = [...policy.rules];
  const matching: PathRule[] = [];
  for (const { rule, pathStart, bodyKnown } of policy.unknownRules) {
    const capabilities = bodyKnown ? rule.capabilities : (['deny'] as const);
    if (pathStart === undefined) known.push({ ...rule, capabilities });
    else if (/[*+]/.test(pathStart) || path.startsWith(pathStart)) matching.push({ ...rule, path, capabilities });
  }
  return [
    { name: policy.name, rules: known },
    ...matching.map((rule) => ({ name: policy.name, rules: [...known, rule] })),
  ];
}
