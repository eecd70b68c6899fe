import type { TemplateValue } from './ast.ts';
import { goQuote, goQuoteRune } from './go-quote.ts';
import { goTypeName, printValue } from './go-value.ts';
import { parseFormat } from './parse-format.ts';
import type { FormatFlags, FormatPiece } from './parse-format.ts';
import { assertValueSize } from './template-render-error.ts';
import { runeCount, utf8Bytes } from './utf8.ts';

/** A format piece that consumes an operand. */
export type VerbPiece = Extract<FormatPiece, { kind: 'verb' }>;

/** Pads to the width in runes: spaces on the left (or right with `-`), zeros with `0`. */
function pad(text: string, piece: VerbPiece, zeroAllowed = true): string {
  const missing = (piece.width ?? 0) - runeCount(text);
  assertValueSize(missing, 'printf');
  if (missing <= 0) return text;
  if (piece.flags.minus) return text + ' '.repeat(missing);
  return (piece.flags.zero && zeroAllowed ? '0' : ' ').repeat(missing) + text;
}

/** Strings pad with spaces only: Go's fmt documents the `0` flag as ignored for strings. */
function formatString(value: string, piece: VerbPiece): string | undefined {
  const { verb, precision, flags } = piece;
  const cut = precision === undefined ? value : [...value].slice(0, precision).join('');
  if (verb === 's' || verb === 'v') return pad(cut, piece, false);
  if (verb === 'q') return pad(goQuote(cut, flags.plus), piece, false);
  if (verb === 'x' || verb === 'X') {
    const bytes = [...utf8Bytes(value)].slice(0, precision ?? Infinity);
    const digits = bytes.map((b) => b.toString(16).padStart(2, '0')).join(flags.space ? ' ' : '');
    return pad(verb === 'X' ? digits.toUpperCase() : digits, piece, false);
  }
  return undefined;
}

const INT_BASES: Readonly<Record<string, number>> = { d: 10, v: 10, b: 2, o: 8, O: 8, x: 16, X: 16 };

function intPrefix(verb: string, flags: FormatFlags): string {
  if (verb === 'O') return '0o';
  if (!flags.sharp) return '';
  return verb === 'x' ? '0x' : verb === 'X' ? '0X' : verb === 'o' ? '0' : verb === 'b' ? '0b' : '';
}

function formatInt(value: number, piece: VerbPiece): string | undefined {
  const { verb, flags, precision, width } = piece;
  if (verb === 'c') return pad(String.fromCodePoint(value >= 0 && value <= 0x10ffff ? value : 0xfffd), piece);
  if (verb === 'q') return pad(goQuoteRune(value, flags.plus), piece, false);
  if (verb === 'U') return pad(`U+${Math.abs(value).toString(16).toUpperCase().padStart(4, '0')}`, piece);
  const base = INT_BASES[verb];
  if (base === undefined) return undefined;
  let digits = Math.abs(value).toString(base);
  if (verb === 'X') digits = digits.toUpperCase();
  const sign = value < 0 ? '-' : flags.plus ? '+' : flags.space ? ' ' : '';
  const prefix = intPrefix(verb, flags);
  assertValueSize(Math.max(precision ?? 0, width ?? 0), 'printf');
  if (precision !== undefined) digits = precision === 0 && value === 0 ? '' : digits.padStart(precision, '0');
  else if (flags.zero && width !== undefined && !flags.minus) {
    digits = digits.padStart(width - sign.length - prefix.length, '0');
  }
  return pad(sign + prefix + digits, piece, false);
}

/** Formats one operand with one verb piece, as Go's fmt does. */
export function formatArg(value: TemplateValue, piece: VerbPiece): string {
  let out: string | undefined;
  if (piece.verb === 'T') out = pad(goTypeName(value), piece);
  else if (typeof value === 'string') out = formatString(value, piece);
  else if (typeof value === 'number') out = formatInt(value, piece);
  else if (piece.verb === 't' || piece.verb === 'v') out = pad(String(value), piece);
  // Go's fmt answers a verb that does not fit the value with "%!verb(type=value)".
  return out ?? `%!${piece.verb}(${goTypeName(value)}=${printValue(value)})`;
}

/** Parsed formats by text: a template's `printf` formats are parsed once, not at every rendering. */
const parsedFormats = new Map<string, readonly FormatPiece[]>();

function formatPieces(format: string): readonly FormatPiece[] {
  let pieces = parsedFormats.get(format);
  if (pieces === undefined) {
    pieces = parseFormat(format);
    if (parsedFormats.size >= 256) parsedFormats.clear();
    parsedFormats.set(format, pieces);
  }
  return pieces;
}

/**
 * Go's `fmt.Sprintf` for the values templates handle (string, int, bool): verbs `%v %s %d %q %x
 * %X %t %c %b %o %O %U %T` and `%%`, flags, width and precision; Go's error markers for a
 * missing operand (`%!s(MISSING)`), a wrong verb (`%!d(string=x)`) and extra operands
 * (`%!(EXTRA int=1)`).
 */
export function goSprintf(format: string, args: readonly TemplateValue[]): string {
  let out = '';
  let next = 0;
  for (const piece of formatPieces(format)) {
    if (piece.kind === 'text') out += piece.text;
    else if (piece.kind === 'noverb') out += '%!(NOVERB)';
    else if (piece.verb === '%') out += '%';
    else if (next >= args.length) out += `%!${piece.verb}(MISSING)`;
    else out += formatArg(args[next++]!, piece);
  }
  if (next < args.length) {
    const extra = args.slice(next).map((a) => `${goTypeName(a)}=${printValue(a)}`);
    out += `%!(EXTRA ${extra.join(', ')})`;
  }
  return out;
}
