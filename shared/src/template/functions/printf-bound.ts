import { abstractType, printedLength, stringOf } from '../abstract-value.ts';
import type { AbstractValue, LengthRange } from '../abstract-value.ts';
import { formatArg } from '../go-sprintf.ts';
import type { VerbPiece } from '../go-sprintf.ts';
import { parseFormat } from '../parse-format.ts';
import { isAscii, utf8Length } from '../utf8.ts';

type Range = { min: number; max: number | undefined; ascii: boolean };

const exact = (text: string): Range => ({ min: utf8Length(text), max: utf8Length(text), ascii: isAscii(text) });
const scale = (n: number | undefined, k: number, plus = 0): number | undefined =>
  n === undefined ? undefined : n * k + plus;

/** Applies width (at least `width` runes) and, for strings, precision (at most `precision` runes). */
function widen(r: Range, piece: VerbPiece, cut: boolean): Range {
  let { min, max } = r;
  const p = piece.precision;
  if (cut && p !== undefined) {
    min = Math.min(min, p);
    max = Math.min(max ?? Infinity, r.ascii ? p : 4 * p);
  }
  const w = piece.width ?? 0;
  return {
    min: Math.max(min, w),
    max: max === undefined ? undefined : r.ascii ? Math.max(max, w) : max + w,
    ascii: r.ascii,
  };
}

function stringVerb(r: LengthRange, piece: VerbPiece): Range | undefined {
  switch (piece.verb) {
    case 's':
    case 'v':
      return widen(r, piece, true);
    case 'q': // quotes, and at worst 4 bytes (\x00) per byte
      return widen({ min: r.min + 2, max: scale(r.max, 4, 2), ascii: false }, piece, false);
    case 'x':
    case 'X': // two hex digits per byte, plus separators with the space flag
      return widen({ min: 2 * r.min, max: scale(r.max, 3), ascii: true }, piece, false);
    default:
      return undefined;
  }
}

function intVerb(r: LengthRange, piece: VerbPiece): Range | undefined {
  if (piece.verb === 'd' || piece.verb === 'v') {
    const floor = Math.max(r.min, piece.precision ?? 0);
    return widen(
      { min: floor, max: r.max === undefined ? undefined : Math.max(r.max, piece.precision ?? 0) + 1, ascii: true },
      piece,
      false,
    );
  }
  // Other integer verbs (x, o, b, c, q, U): at most 64 binary digits with prefix and sign, or a quoted rune.
  return 'xXoObcqU'.includes(piece.verb) ? widen({ min: 1, max: 68, ascii: false }, piece, false) : undefined;
}

/** Length of one verb applied to a value that is not a constant. */
function verbRange(arg: AbstractValue, piece: VerbPiece): Range {
  const r = printedLength(arg);
  const type = abstractType(arg);
  if (piece.verb === 'T') return widen({ min: 3, max: 6, ascii: true }, piece, false);
  const fitted =
    type === 'string'
      ? stringVerb(r, piece)
      : type === 'int'
        ? intVerb(r, piece)
        : type === 'bool' && (piece.verb === 't' || piece.verb === 'v')
          ? widen(r, piece, false)
          : undefined;
  if (fitted) return fitted;
  if (type === 'any') return { min: 0, max: undefined, ascii: false };
  // Go prints a mismatched verb as "%!d(string=value)".
  const frame = 5 + utf8Length(piece.verb) + type.length;
  return { min: frame + r.min, max: scale(r.max, 1, frame), ascii: r.ascii };
}

function pieceRange(arg: AbstractValue | undefined, piece: VerbPiece): Range {
  if (arg === undefined) return exact(`%!${piece.verb}(MISSING)`);
  if (arg.kind === 'const') return exact(formatArg(arg.value, piece));
  return verbRange(arg, piece);
}

function extraRange(extra: readonly AbstractValue[]): Range {
  if (extra.length === 0) return exact('');
  // "%!(EXTRA " + "type=value" joined by ", " + ")"
  const frame = 10 + 2 * (extra.length - 1);
  let range: Range = { min: frame, max: frame, ascii: true };
  for (const arg of extra) {
    const r = printedLength(arg);
    const type = abstractType(arg);
    const name = type === 'any' ? undefined : type.length + 1;
    range = {
      min: range.min + r.min + 4,
      max: range.max === undefined || r.max === undefined || name === undefined ? undefined : range.max + r.max + name,
      ascii: range.ascii && r.ascii,
    };
  }
  return range;
}

/** Length bound of `printf FORMAT ARGS...`: literal parts plus each verb's share (see `goSprintf`). */
export function printfBound(args: readonly AbstractValue[]): AbstractValue {
  const [format, ...rest] = args;
  if (format?.kind !== 'const' || typeof format.value !== 'string') return stringOf(0, undefined, false);
  let total: Range = { min: 0, max: 0, ascii: true };
  let next = 0;
  const add = (r: Range): void => {
    total = {
      min: total.min + r.min,
      max: total.max === undefined || r.max === undefined ? undefined : total.max + r.max,
      ascii: total.ascii && r.ascii,
    };
  };
  for (const piece of parseFormat(format.value)) {
    if (piece.kind === 'text') add(exact(piece.text));
    else if (piece.kind === 'noverb') add(exact('%!(NOVERB)'));
    else if (piece.verb === '%') add(exact('%'));
    else add(pieceRange(rest[next++], piece));
  }
  add(extraRange(rest.slice(next)));
  return stringOf(total.min, total.max, total.ascii);
}
