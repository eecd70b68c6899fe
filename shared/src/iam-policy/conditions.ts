import { wildcardMatch } from './wildcard.ts';
import { substituteVariables } from './context.ts';
import { ipInBlocks } from '../text/index.ts';

type Compare = (policyValue: string, contextValue: string) => boolean;

/** The base operators (without `IfExists`, `ForAnyValue:`/`ForAllValues:`), with their negation flag. */
const OPERATORS: Readonly<Record<string, { readonly compare: Compare; readonly negated: boolean }>> = {
  StringEquals: { compare: (p, c) => p === c, negated: false },
  StringNotEquals: { compare: (p, c) => p === c, negated: true },
  StringEqualsIgnoreCase: { compare: (p, c) => p.toLowerCase() === c.toLowerCase(), negated: false },
  StringNotEqualsIgnoreCase: { compare: (p, c) => p.toLowerCase() === c.toLowerCase(), negated: true },
  StringLike: { compare: (p, c) => wildcardMatch(p, c), negated: false },
  StringNotLike: { compare: (p, c) => wildcardMatch(p, c), negated: true },
  NumericEquals: { compare: numeric((a, b) => a === b), negated: false },
  NumericNotEquals: { compare: numeric((a, b) => a === b), negated: true },
  NumericLessThan: { compare: numeric((p, c) => c < p), negated: false },
  NumericLessThanEquals: { compare: numeric((p, c) => c <= p), negated: false },
  NumericGreaterThan: { compare: numeric((p, c) => c > p), negated: false },
  NumericGreaterThanEquals: { compare: numeric((p, c) => c >= p), negated: false },
  DateEquals: { compare: dates((a, b) => a === b), negated: false },
  DateNotEquals: { compare: dates((a, b) => a === b), negated: true },
  DateLessThan: { compare: dates((p, c) => c < p), negated: false },
  DateLessThanEquals: { compare: dates((p, c) => c <= p), negated: false },
  DateGreaterThan: { compare: dates((p, c) => c > p), negated: false },
  DateGreaterThanEquals: { compare: dates((p, c) => c >= p), negated: false },
  Bool: { compare: (p, c) => p.toLowerCase() === c.toLowerCase(), negated: false },
  BinaryEquals: { compare: (p, c) => p === c, negated: false },
  IpAddress: { compare: (p, c) => ipInBlocks(c, [p]), negated: false },
  NotIpAddress: { compare: (p, c) => ipInBlocks(c, [p]), negated: true },
  ArnEquals: { compare: (p, c) => arnMatch(p, c), negated: false },
  ArnLike: { compare: (p, c) => arnMatch(p, c), negated: false },
  ArnNotEquals: { compare: (p, c) => arnMatch(p, c), negated: true },
  ArnNotLike: { compare: (p, c) => arnMatch(p, c), negated: true },
};

/** Every condition operator name the provider accepts (base names; `IfExists` works on all but `Null`). */
export const CONDITION_OPERATORS: readonly string[] = [...Object.keys(OPERATORS), 'Null'];

/** A parsed operator name: base, `IfExists`, set qualifier; undefined when unknown. */
export interface OperatorName {
  readonly base: string;
  readonly ifExists: boolean;
  readonly qualifier: 'ForAnyValue' | 'ForAllValues' | undefined;
}

/** Splits `ForAllValues:StringLikeIfExists` into its parts; undefined for an operator the provider does not know. */
export function parseOperator(name: string): OperatorName | undefined {
  const q = /^(ForAnyValue|ForAllValues):(.*)$/.exec(name);
  const qualifier = q ? (q[1] as 'ForAnyValue' | 'ForAllValues') : undefined;
  let base = q ? (q[2] ?? '') : name;
  let ifExists = false;
  if (base.endsWith('IfExists') && base !== 'IfExists') {
    ifExists = true;
    base = base.slice(0, -'IfExists'.length);
  }
  if (base === 'Null' && ifExists) return undefined;
  if (!(base in OPERATORS) && base !== 'Null') return undefined;
  return { base, ifExists, qualifier };
}

/**
 * True when the whole Condition block holds: operators AND, keys AND, values for one key OR.
 * Missing keys: positive operators false, negated ones and `...IfExists` true, `ForAllValues`
 * true. An operator keyfob does not know fails closed: `unknownResult` (false for Allow
 * statements, true for Deny ones).
 */
export function conditionsHold(
  block: unknown,
  context: Map<string, readonly string[]>,
  unknownResult: boolean,
): boolean {
  if (block === undefined) return true;
  if (typeof block !== 'object' || block === null || Array.isArray(block)) return unknownResult;
  for (const [operatorName, keys] of Object.entries(block as Record<string, unknown>)) {
    const operator = parseOperator(operatorName);
    if (!operator || typeof keys !== 'object' || keys === null || Array.isArray(keys)) return unknownResult;
    for (const [key, raw] of Object.entries(keys as Record<string, unknown>)) {
      const values = (Array.isArray(raw) ? raw : [raw]).map((v) => String(v));
      if (!keyHolds(operator, values, context.get(key.toLowerCase()), context)) return false;
    }
  }
  return true;
}

function keyHolds(
  op: OperatorName,
  policyValues: string[],
  present: readonly string[] | undefined,
  context: Map<string, readonly string[]>,
): boolean {
  if (op.base === 'Null') {
    const wantsAbsent = policyValues.some((v) => v.toLowerCase() === 'true');
    return wantsAbsent ? present === undefined : present !== undefined;
  }
  const spec = OPERATORS[op.base];
  if (!spec) return false;
  const resolved = policyValues.map((v) => substituteVariables(v, context)).filter((v): v is string => v !== undefined);
  if (present === undefined || present.length === 0) {
    if (op.qualifier === 'ForAllValues') return true;
    return op.ifExists || spec.negated;
  }
  const matchesOne = (value: string): boolean => resolved.some((p) => spec.compare(p, value));
  if (op.qualifier === 'ForAllValues') return present.every((v) => (spec.negated ? !matchesOne(v) : matchesOne(v)));
  if (spec.negated)
    return op.qualifier === 'ForAnyValue' ? present.some((v) => !matchesOne(v)) : !present.some(matchesOne);
  return present.some(matchesOne);
}

function numeric(test: (policy: number, context: number) => boolean): Compare {
  return (p, c) => {
    const a = Number(p);
    const b = Number(c);
    return p.trim() !== '' && c.trim() !== '' && Number.isFinite(a) && Number.isFinite(b) && test(a, b);
  };
}

function dates(test: (policy: number, context: number) => boolean): Compare {
  const parse = (text: string): number => (/^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text));
  return (p, c) => {
    const a = parse(p);
    const b = parse(c);
    return !Number.isNaN(a) && !Number.isNaN(b) && test(a, b);
  };
}

/** ARN match per colon segment (the last segment takes the rest, colons included). */
function arnMatch(pattern: string, arn: string): boolean {
  const p = pattern.split(':');
  const a = arn.split(':');
  if (p.length < 6 || a.length < 6) return false;
  for (let i = 0; i < 5; i++) if (!wildcardMatch(p[i] ?? '', a[i] ?? '')) return false;
  return wildcardMatch(p.slice(5).join(':'), a.slice(5).join(':'));
}
