import type { StaticType, TemplateValue } from './ast.ts';
import { printValue } from './go-value.ts';
import { isAscii, utf8Length } from './utf8.ts';

/** Shortest and longest printed length in UTF-8 bytes; `max` undefined means unbounded. */
export interface LengthRange {
  readonly min: number;
  readonly max: number | undefined;
  /** True when the text is known to be ASCII (bytes = characters, case changes keep lengths). */
  readonly ascii: boolean;
}

/**
 * What static analysis knows about a value: an exact constant, a string of bounded length, an
 * integer in a range, some boolean, or nothing.
 */
export type AbstractValue =
  | { readonly kind: 'const'; readonly value: TemplateValue }
  | ({ readonly kind: 'string' } & LengthRange)
  | { readonly kind: 'int'; readonly lo: number | undefined; readonly hi: number | undefined }
  | { readonly kind: 'bool' }
  | { readonly kind: 'unknown' };

/** Go's int64 prints in at most 20 bytes (19 digits and a sign). */
const MAX_INT_DIGITS = 20;

export const UNKNOWN: AbstractValue = { kind: 'unknown' };

/** An exact value. */
export function constant(value: TemplateValue): AbstractValue {
  return { kind: 'const', value };
}

/** A string of `min..max` bytes. */
export function stringOf(min: number, max: number | undefined, ascii: boolean): AbstractValue {
  return { kind: 'string', min, max, ascii };
}

const digits = (n: number): number => String(Math.abs(n)).length;

function intLength(lo: number | undefined, hi: number | undefined): LengthRange {
  if (lo !== undefined && lo >= 0)
    return { min: digits(lo), max: hi === undefined ? MAX_INT_DIGITS : digits(hi), ascii: true };
  if (lo !== undefined && hi !== undefined && hi < 0) return { min: digits(hi) + 1, max: digits(lo) + 1, ascii: true };
  const max = lo !== undefined && hi !== undefined ? Math.max(digits(hi), digits(lo) + 1) : MAX_INT_DIGITS;
  return { min: 1, max, ascii: true };
}

/** Byte-length range of a value once printed (`{{ x }}` or `%v`). */
export function printedLength(value: AbstractValue): LengthRange {
  switch (value.kind) {
    case 'const': {
      const text = printValue(value.value);
      return { min: utf8Length(text), max: utf8Length(text), ascii: isAscii(text) };
    }
    case 'string':
      return value;
    case 'int':
      return intLength(value.lo, value.hi);
    case 'bool':
      return { min: 4, max: 5, ascii: true };
    case 'unknown':
      return { min: 0, max: undefined, ascii: false };
  }
}

/** The static type of an abstract value. */
export function abstractType(value: AbstractValue): StaticType {
  if (value.kind === 'const')
    return typeof value.value === 'string' ? 'string' : typeof value.value === 'number' ? 'int' : 'bool';
  return value.kind === 'unknown' ? 'any' : value.kind;
}

/** Adds two ranges (concatenation). */
export function addLengths(a: LengthRange, b: LengthRange): LengthRange {
  return {
    min: a.min + b.min,
    max: a.max === undefined || b.max === undefined ? undefined : a.max + b.max,
    ascii: a.ascii && b.ascii,
  };
}

/** The range covering both (either branch may run). */
export function unionLengths(a: LengthRange, b: LengthRange): LengthRange {
  const max = a.max === undefined || b.max === undefined ? undefined : Math.max(a.max, b.max);
  return { min: Math.min(a.min, b.min), max, ascii: a.ascii && b.ascii };
}

function intRange(value: AbstractValue): { lo: number | undefined; hi: number | undefined } {
  if (value.kind === 'const' && typeof value.value === 'number') return { lo: value.value, hi: value.value };
  return value.kind === 'int' ? value : { lo: undefined, hi: undefined };
}

/** A value that is either `a` or `b`. */
export function unionValues(a: AbstractValue, b: AbstractValue): AbstractValue {
  if (a.kind === 'const' && b.kind === 'const' && a.value === b.value) return a;
  const type = abstractType(a);
  if (type !== abstractType(b) || type === 'any') return UNKNOWN;
  if (type === 'bool') return { kind: 'bool' };
  if (type === 'string') return { kind: 'string', ...unionLengths(printedLength(a), printedLength(b)) };
  const [x, y] = [intRange(a), intRange(b)];
  const lo = x.lo === undefined || y.lo === undefined ? undefined : Math.min(x.lo, y.lo);
  const hi = x.hi === undefined || y.hi === undefined ? undefined : Math.max(x.hi, y.hi);
  return { kind: 'int', lo, hi };
}

/** Truth of a condition when static analysis can tell; undefined when it depends on run-time data. */
export function staticTruth(value: AbstractValue): boolean | undefined {
  if (value.kind === 'const') {
    const v = value.value;
    return typeof v === 'string' ? v !== '' : typeof v === 'number' ? v !== 0 : v;
  }
  if (value.kind === 'string') return value.min > 0 ? true : value.max === 0 ? false : undefined;
  if (value.kind === 'int') {
    if ((value.lo ?? -1) > 0 || (value.hi ?? 1) < 0) return true;
    return value.lo === 0 && value.hi === 0 ? false : undefined;
  }
  return undefined;
}
