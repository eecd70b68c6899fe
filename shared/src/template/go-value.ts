import type { StaticType, TemplateValue } from './ast.ts';

/** Go's type name for a value, as fmt prints it in `%!s(int=5)` and `%T`. */
export function goTypeName(value: TemplateValue): string {
  return typeof value === 'string' ? 'string' : typeof value === 'number' ? 'int' : 'bool';
}

/** The static type of a run-time value. */
export function staticTypeOf(value: TemplateValue): StaticType {
  return typeof value === 'string' ? 'string' : typeof value === 'number' ? 'int' : 'bool';
}

/** How Go's fmt prints a value with `%v` (and how an action prints its result). */
export function printValue(value: TemplateValue): string {
  return typeof value === 'string' ? value : String(value);
}

/** Go template truth: false, 0 and the empty string are false; everything else is true. */
export function isTruthy(value: TemplateValue): boolean {
  return typeof value === 'string' ? value !== '' : typeof value === 'number' ? value !== 0 : value;
}

const TYPE_WORDS: Readonly<Record<StaticType, string>> = {
  string: 'a string',
  int: 'a number',
  bool: 'a boolean',
  any: 'a value',
};

/** A static type in words for messages: "a string", "a number", "a boolean". */
export function describeType(type: StaticType): string {
  return TYPE_WORDS[type];
}
