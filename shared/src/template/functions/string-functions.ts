import { printedLength, stringOf, UNKNOWN } from '../abstract-value.ts';
import type { AbstractValue } from '../abstract-value.ts';
import { assertValueSize } from '../template-render-error.ts';
import { runeCount, utf8Length } from '../utf8.ts';

/**
 * Go's `strings.ToUpper` / `ToLower`: each character maps to one character (Go's simple case
 * mapping), so `ß` stays `ß` where JavaScript's full mapping would give `SS`.
 */
export function changeCase(text: string, mode: 'upper' | 'lower'): string {
  let out = '';
  for (const char of text) {
    const mapped = mode === 'upper' ? char.toUpperCase() : char.toLowerCase();
    out += runeCount(mapped) === 1 ? mapped : char;
  }
  return out;
}

/** Length bound after a case change: ASCII keeps its length; other text may shrink to 1/3 or grow by 1/2. */
export function caseBound(input: AbstractValue | undefined): AbstractValue {
  const r = printedLength(input ?? UNKNOWN);
  if (r.ascii) return stringOf(r.min, r.max, true);
  return stringOf(Math.ceil(r.min / 3), r.max === undefined ? undefined : Math.ceil((r.max * 3) / 2), false);
}

/**
 * Go's `strings.ReplaceAll(text, old, replacement)`. An empty `old` matches before every character
 * and at the end, as in Go (`replace "" "-" "ab"` gives `-a-b-`).
 */
export function replaceAll(text: string, old: string, replacement: string): string {
  const parts = old === '' ? ['', ...text, ''] : text.split(old);
  if (old === '' && text === '') parts.pop();
  assertValueSize(utf8Length(text) + (parts.length - 1) * (utf8Length(replacement) - utf8Length(old)), 'replace');
  return parts.join(replacement);
}

function constString(value: AbstractValue | undefined): string | undefined {
  return value?.kind === 'const' && typeof value.value === 'string' ? value.value : undefined;
}

/**
 * Length bound of `replace OLD NEW STRING`. With k matches the length changes by
 * k * (len NEW - len OLD), and k is at most len STRING / len OLD (characters + 1 for an empty OLD).
 */
export function replaceBound(
  oldArg: AbstractValue | undefined,
  newArg: AbstractValue | undefined,
  input: AbstractValue | undefined,
): AbstractValue {
  const old = constString(oldArg);
  const s = printedLength(input ?? UNKNOWN);
  const n = printedLength(newArg ?? UNKNOWN);
  if (old === undefined) return stringOf(0, undefined, s.ascii && n.ascii);
  const ascii = s.ascii && n.ascii;
  if (old === '') {
    const minRunes = s.ascii ? s.min : Math.ceil(s.min / 4);
    const max = s.max === undefined || n.max === undefined ? undefined : s.max + (s.max + 1) * n.max;
    return stringOf(s.min + (minRunes + 1) * n.min, max, ascii);
  }
  const size = utf8Length(old);
  const grow = n.max === undefined ? undefined : Math.max(0, n.max - size);
  const shrink = Math.max(0, size - n.min);
  const matches = s.max === undefined ? undefined : Math.floor(s.max / size);
  const max =
    matches === 0 ? s.max : matches === undefined || grow === undefined ? undefined : (s.max ?? 0) + matches * grow;
  return stringOf(s.min - Math.floor(s.min / size) * shrink, max, ascii);
}
