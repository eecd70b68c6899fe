/** One piece of a printf format: literal text, a verb with its flags, or a trailing lone `%`. */
export type FormatPiece =
  | { readonly kind: 'text'; readonly text: string }
  | {
      readonly kind: 'verb';
      readonly verb: string;
      readonly flags: FormatFlags;
      readonly width: number | undefined;
      readonly precision: number | undefined;
    }
  | { readonly kind: 'noverb' };

/** Go fmt flags (`-`, `+`, space, `0`, `#`). */
export interface FormatFlags {
  readonly minus: boolean;
  readonly plus: boolean;
  readonly space: boolean;
  readonly zero: boolean;
  readonly sharp: boolean;
}

function readNumber(format: string, start: number): { value: number | undefined; next: number } {
  let i = start;
  while (i < format.length && format[i]! >= '0' && format[i]! <= '9') i++;
  return { value: i > start ? Number(format.slice(start, i)) : undefined, next: i };
}

function readFlags(format: string, start: number): { flags: FormatFlags; next: number } {
  const flags = { minus: false, plus: false, space: false, zero: false, sharp: false };
  let i = start;
  for (; i < format.length; i++) {
    const c = format[i];
    if (c === '-') {
      flags.minus = true;
      flags.zero = false; // Go: '-' wins over '0'
    } else if (c === '0') flags.zero = !flags.minus;
    else if (c === '+') flags.plus = true;
    else if (c === ' ') flags.space = true;
    else if (c === '#') flags.sharp = true;
    else break;
  }
  return { flags, next: i };
}

/**
 * Splits a Go printf format into pieces in one pass. Supports flags, width and precision given as
 * digits; `*` and `[n]` argument indexes are not supported and read as (bad) verbs.
 */
export function parseFormat(format: string): FormatPiece[] {
  const pieces: FormatPiece[] = [];
  let i = 0;
  while (i < format.length) {
    const percent = format.indexOf('%', i);
    const textEnd = percent < 0 ? format.length : percent;
    if (textEnd > i) pieces.push({ kind: 'text', text: format.slice(i, textEnd) });
    if (percent < 0) break;
    const { flags, next: afterFlags } = readFlags(format, percent + 1);
    const width = readNumber(format, afterFlags);
    let cursor = width.next;
    let precision: number | undefined;
    if (format[cursor] === '.') {
      const read = readNumber(format, cursor + 1);
      precision = read.value ?? 0; // Go: "%.s" means precision 0
      cursor = read.next;
    }
    const verbPoint = format.codePointAt(cursor);
    if (verbPoint === undefined) {
      pieces.push({ kind: 'noverb' });
      break;
    }
    const verb = String.fromCodePoint(verbPoint);
    pieces.push({ kind: 'verb', verb, flags, width: width.value, precision });
    i = cursor + verb.length;
  }
  return pieces;
}
