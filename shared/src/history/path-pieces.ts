import type { HttpMethod } from './data-types.ts';
import { HELPER } from './base-urls.ts';
import type { UrlPart } from './hits.ts';
import { isWordChar } from './source-text.ts';

/**
 * A request call whose leading arguments are the path's segments, a symbol or string first: Ruby's
 * `@request.get(:organizations, org, :workspaces)`, `@request.post('policy-checks', id, :actions)`.
 */
const CALL = /(?:\.|->)(get|post|put|patch|delete)\([ \t]*(?=:[A-Za-z_]|['"][A-Za-z])/g;
/** At most this many arguments are read as segments, each at most this long. */
const MAX_PIECES = 12;
const MAX_ARGUMENT = 200;
/** A last plain-variable argument with one of these names is the request's hash (query or body), not a segment. */
const HASH_NAMES = new Set(['params', 'options', 'opts', 'query', 'data', 'body', 'payload', 'filter', 'headers']);

/** The path a call's arguments spell, as `/a/{}/b`, where each segment is in the source, and the call's method. */
export interface PathPieces {
  /** From the first segment's text to the end of the last argument read as a segment. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly parts: readonly UrlPart[];
  readonly method: HttpMethod;
  readonly methodStart: number;
  readonly methodText: string;
}

interface Piece {
  readonly text: string;
  /** Offset of the segment's text (after `:` or the quote; the expression's start), and its end. */
  readonly source: number;
  readonly end: number;
  readonly variable: string;
}

/**
 * Calls of an HTTP helper whose arguments are path segments: a symbol (`:workspaces`) or string
 * (`'configuration-versions'`) is a literal segment, any other expression (`org`, `params[:id]`) a
 * placeholder; a `key: value` or `key => value` pair, a hash literal or a trailing hash variable
 * (`params`, `data`) ends the path (Ruby's `path.pop if path.last.is_a?(Hash)`).
 */
export function pathPieceCalls(text: string): PathPieces[] {
  const out: PathPieces[] = [];
  if (!text.includes('(:') && !text.includes("('") && !text.includes('("')) return out;
  CALL.lastIndex = 0;
  for (let m = CALL.exec(text); m !== null; m = CALL.exec(text)) {
    const pieces = readPieces(text, m.index + m[0].length);
    const last = pieces[pieces.length - 1];
    if (last && last.variable !== '' && HASH_NAMES.has(last.variable)) pieces.pop();
    if (pieces.length === 0) continue;
    let virtual = '';
    const parts: UrlPart[] = [];
    for (const piece of pieces) {
      parts.push({ virtual: virtual.length, source: piece.source - 1 });
      virtual += `/${piece.text}`;
    }
    const word = m[1] ?? 'get';
    const methodStart = m.index + m[0].indexOf(word);
    const start = pieces[0]?.source ?? 0;
    const end = pieces[pieces.length - 1]?.end ?? start;
    out.push({ start, end, text: virtual, parts, method: HELPER[word] ?? 'GET', methodStart, methodText: word });
  }
  return out;
}

function readPieces(text: string, from: number): Piece[] {
  const pieces: Piece[] = [];
  let i = from;
  while (pieces.length < MAX_PIECES) {
    while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
    const c = text.charCodeAt(i);
    let piece: Piece | undefined;
    let end: number;
    if (c === 58 && isWordChar(text.charCodeAt(i + 1))) {
      // :symbol (not `:key =>`)
      end = i + 1;
      while (isWordChar(text.charCodeAt(end))) end++;
      piece = { text: text.slice(i + 1, end), source: i + 1, end, variable: '' };
    } else if (c === 39 || c === 34) {
      const close = text.indexOf(String.fromCharCode(c), i + 1);
      if (close === -1 || close - i > MAX_ARGUMENT || text.slice(i + 1, close).includes('\n')) return pieces;
      end = close + 1;
      piece = { text: text.slice(i + 1, close), source: i + 1, end: close, variable: '' };
    } else {
      end = expressionEnd(text, i);
      if (end === -1 || end === i) return pieces;
      const expression = text.slice(i, end).trimEnd();
      // A hash ends the path: `data: data`, `{ a: 1 }`.
      if (/^(?:\{|[A-Za-z_]\w*:(?!:))/.test(expression)) return pieces;
      const variable = /^[A-Za-z_]\w*$/.test(expression) ? expression : '';
      piece = { text: '{}', source: i, end: i + expression.length, variable };
    }
    let after = end;
    while (text.charCodeAt(after) === 32 || text.charCodeAt(after) === 9) after++;
    // `:key => value`, `'key' => value`: a hash.
    if (text.charCodeAt(after) === 61 && text.charCodeAt(after + 1) === 62) return pieces;
    pieces.push(piece);
    const next = text.charCodeAt(after);
    if (next === 41) return pieces; // )
    if (next !== 44) return []; // not a plain argument list
    i = after + 1;
  }
  return pieces;
}

/** End of an expression argument (the `,` or `)` closing it at depth 0), or -1. */
function expressionEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < Math.min(text.length, from + MAX_ARGUMENT); i++) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) {
      if (depth === 0) return c === 41 ? i : -1;
      depth--;
    } else if (c === 44 && depth === 0) return i;
    else if (c === 10 || c === 34 || c === 39) return -1;
  }
  return -1;
}
