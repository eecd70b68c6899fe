import type { OffsetRange } from '../../problem.ts';
import type { DocumentSink } from '../document-sink.ts';
import { appendPointer } from '../../text/json-pointer.ts';
import { setMember } from '../set-member.ts';
import { resolvePlainScalar } from './resolve-plain-scalar.ts';

/** Thrown by the fast reader on anything outside its subset; the caller then uses the `yaml` package. */
export class Unsupported extends Error {}

const UNSUPPORTED = new Unsupported('outside the fast YAML subset');

/** Gives up on the fast path (a preallocated error: throwing it costs no stack capture). */
export function bail(): never {
  throw UNSUPPORTED;
}

/** What the fast reader shares with the inline readers. */
export interface FastContext {
  readonly text: string;
  readonly sink: DocumentSink;
  /** End of the last node read (a block collection ends where its last item does). */
  lastEnd: number;
}

/** A value read from one line and the offset right after it. */
export interface Inline {
  readonly value: unknown;
  readonly end: number;
}

/** A block mapping key found at the start of a line's content. */
export interface KeyEntry {
  readonly name: string;
  readonly span: OffsetRange;
  /** Offset of the `:` that ends the key. */
  readonly colon: number;
}

const SPACE = 32;
const HASH = 35;
const COLON = 58;
const COMMA = 44;
const OPEN_SEQ = 91;
const CLOSE_SEQ = 93;
const OPEN_MAP = 123;
const CLOSE_MAP = 125;

/** Characters that cannot start a plain scalar (YAML's c-indicators; `-`, `?`, `:` are handled apart). */
const INDICATORS = ',[]{}#&*!|>\'"%@`';
const FLOW_INDICATORS = ',[]{}';

/** The first offset at or after `at` that is not a space (never past `end`). */
export function skipSpaces(text: string, at: number, end: number): number {
  let p = at;
  while (p < end && text.charCodeAt(p) === SPACE) p++;
  return p;
}

/** True when `at` is the end of the line or a space: what must follow `-`, `:` and `---`. */
export function isBlankOrEnd(text: string, at: number, lineEnd: number): boolean {
  return at >= lineEnd || text.charCodeAt(at) === SPACE;
}

/** After a value: only spaces, then the line's end or a comment (which needs a space before `#`). */
export function checkLineTail(text: string, end: number, lineEnd: number): void {
  const p = skipSpaces(text, end, lineEnd);
  if (p < lineEnd && !(text.charCodeAt(p) === HASH && p > end)) bail();
}

/** Whether a plain scalar may start at `at`; `-` only when a non-space (and, in flow, non-indicator) follows. */
function isPlainStart(text: string, at: number, lineEnd: number, flow: boolean): boolean {
  const c = text.charAt(at);
  if (c === '-') {
    const next = text.charAt(at + 1);
    return at + 1 < lineEnd && next !== ' ' && !(flow && FLOW_INDICATORS.includes(next));
  }
  return c !== '' && c !== '?' && c !== ':' && !INDICATORS.includes(c);
}

/**
 * A block mapping key at `at` (`name: `, `"name": `, `'name': `), or undefined when the line's
 * content is not one. Bails on keys the fast path does not read (escapes, over-long keys).
 */
export function scanKey(ctx: FastContext, at: number, lineEnd: number): KeyEntry | undefined {
  const { text } = ctx;
  const c = text.charCodeAt(at);
  if (c === 34 || c === 39) {
    const quoted = scanQuoted(text, at, lineEnd);
    const p = skipSpaces(text, quoted.end, lineEnd);
    if (text.charCodeAt(p) !== COLON || !isBlankOrEnd(text, p + 1, lineEnd)) return undefined;
    return { name: quoted.value, span: { start: at, end: quoted.end }, colon: p };
  }
  if (!isPlainStart(text, at, lineEnd, false)) return undefined;
  let end = at;
  for (let p = at; p < lineEnd; p++) {
    const ch = text.charCodeAt(p);
    if (ch < SPACE) bail();
    if (ch === HASH && text.charCodeAt(p - 1) === SPACE) return undefined;
    if (ch === COLON && isBlankOrEnd(text, p + 1, lineEnd)) {
      // YAML caps implicit keys at 1024 characters; leave the library to report longer ones.
      if (p - at > 1024) bail();
      const resolved = resolvePlainScalar(text.slice(at, end));
      return { name: resolved === null ? '' : String(resolved), span: { start: at, end }, colon: p };
    }
    if (ch !== SPACE) end = p + 1;
  }
  return undefined;
}

/** A single-line quoted scalar; double quotes without escapes only (an escape means the library). */
function scanQuoted(text: string, at: number, lineEnd: number): { value: string; end: number } {
  const quote = text.charCodeAt(at);
  let value = '';
  let from = at + 1;
  for (let p = at + 1; p < lineEnd; p++) {
    const ch = text.charCodeAt(p);
    if (ch < SPACE || (ch === 92 && quote === 34)) bail();
    if (ch !== quote) continue;
    // '' inside single quotes is one quote character.
    if (quote === 39 && text.charCodeAt(p + 1) === 39 && p + 1 < lineEnd) {
      value += text.slice(from, p + 1);
      from = p + 2;
      p++;
      continue;
    }
    return { value: value + text.slice(from, p), end: p + 1 };
  }
  return bail();
}

/** The trimmed end of a plain scalar in block context; bails on `: ` inside a value. */
function scanPlainValue(text: string, at: number, lineEnd: number): number {
  let end = at;
  for (let p = at; p < lineEnd; p++) {
    const ch = text.charCodeAt(p);
    if (ch < SPACE) bail();
    if (ch === HASH && text.charCodeAt(p - 1) === SPACE) break;
    if (ch === COLON && isBlankOrEnd(text, p + 1, lineEnd)) bail();
    if (ch !== SPACE) end = p + 1;
  }
  return end;
}

/** The trimmed end of a plain scalar inside `[...]` or `{...}`: it stops at flow indicators. */
function scanPlainFlow(text: string, at: number, lineEnd: number, isKey: boolean): number {
  let end = at;
  for (let p = at; p < lineEnd; p++) {
    const ch = text.charCodeAt(p);
    if (ch < SPACE) bail();
    if (FLOW_INDICATORS.includes(text.charAt(p))) return end;
    if (ch === HASH && text.charCodeAt(p - 1) === SPACE) bail();
    if (ch === COLON && (isBlankOrEnd(text, p + 1, lineEnd) || FLOW_INDICATORS.includes(text.charAt(p + 1)))) {
      if (isKey) return end;
      bail();
    }
    if (ch !== SPACE) end = p + 1;
  }
  return end;
}

function leaf(
  ctx: FastContext,
  pointer: string,
  key: OffsetRange | undefined,
  value: unknown,
  start: number,
  end: number,
): Inline {
  ctx.sink.record(pointer, key, { start, end });
  ctx.sink.scalar(start, end);
  ctx.lastEnd = end;
  return { value, end };
}

/**
 * A value that starts at `at` and ends on the same line: a quoted or plain scalar, or a flow
 * collection. Records its location (and its children's) and returns it with its end offset. Inside
 * a flow collection (`inFlow`) a plain scalar ends at `,]}`.
 */
export function readInlineValue(
  ctx: FastContext,
  at: number,
  lineEnd: number,
  pointer: string,
  key: OffsetRange | undefined,
  inFlow = false,
): Inline {
  const { text } = ctx;
  const c = text.charCodeAt(at);
  if (c === 34 || c === 39) {
    const quoted = scanQuoted(text, at, lineEnd);
    return leaf(ctx, pointer, key, quoted.value, at, quoted.end);
  }
  if (c === OPEN_SEQ || c === OPEN_MAP) return readFlow(ctx, at, lineEnd, pointer, key);
  if (!isPlainStart(text, at, lineEnd, inFlow)) bail();
  const end = inFlow ? scanPlainFlow(text, at, lineEnd, false) : scanPlainValue(text, at, lineEnd);
  return leaf(ctx, pointer, key, resolvePlainScalar(text.slice(at, end)), at, end);
}

/**
 * A flow collection, `[...]` or `{...}`, whose opening bracket is at `at`: items separated by commas
 * up to the closing bracket, all on this line. Records its location (and its items').
 */
function readFlow(
  ctx: FastContext,
  at: number,
  lineEnd: number,
  pointer: string,
  key: OffsetRange | undefined,
): Inline {
  const { text, sink } = ctx;
  const isMap = text.charCodeAt(at) === OPEN_MAP;
  const close = isMap ? CLOSE_MAP : CLOSE_SEQ;
  const items: unknown[] = [];
  const members: Record<string, unknown> = {};
  sink.record(pointer, key, { start: at, end: at });
  let p = skipSpaces(text, at + 1, lineEnd);
  for (;;) {
    if (p >= lineEnd) bail();
    if (text.charCodeAt(p) === close) break;
    const end = isMap
      ? readFlowMember(ctx, p, lineEnd, pointer, members)
      : readFlowItem(ctx, p, lineEnd, pointer, items);
    p = skipSpaces(text, end, lineEnd);
    if (text.charCodeAt(p) === COMMA) p = skipSpaces(text, p + 1, lineEnd);
    else if (text.charCodeAt(p) !== close) bail();
  }
  sink.record(pointer, key, { start: at, end: p + 1 });
  ctx.lastEnd = p + 1;
  return { value: isMap ? members : items, end: p + 1 };
}

/** One item of `[...]` at `at`, added to `items`; returns where it ends. */
function readFlowItem(ctx: FastContext, at: number, lineEnd: number, pointer: string, items: unknown[]): number {
  const item = readInlineValue(ctx, at, lineEnd, appendPointer(pointer, String(items.length)), undefined, true);
  items.push(item.value);
  return item.end;
}

/** One `key: value` of `{...}` at `at`, set in `members`; returns where its value ends. */
function readFlowMember(
  ctx: FastContext,
  at: number,
  lineEnd: number,
  pointer: string,
  members: Record<string, unknown>,
): number {
  const { text } = ctx;
  const member = readFlowKey(ctx, at, lineEnd);
  // A repeated key needs the library path (it reports the duplicate and drops the earlier locations).
  if (Object.hasOwn(members, member.name)) bail();
  const p = skipSpaces(text, member.colon + 1, lineEnd);
  if (p >= lineEnd || FLOW_INDICATORS.includes(text.charAt(p))) bail();
  const item = readInlineValue(ctx, p, lineEnd, appendPointer(pointer, member.name), member.span, true);
  setMember(members, member.name, item.value);
  return item.end;
}

/** A key inside `{...}` followed by `: ` (a key without a value, or `"k":v`, means the library). */
function readFlowKey(ctx: FastContext, at: number, lineEnd: number): KeyEntry {
  const { text } = ctx;
  const c = text.charCodeAt(at);
  let name: string;
  let end: number;
  if (c === 34 || c === 39) {
    const quoted = scanQuoted(text, at, lineEnd);
    name = quoted.value;
    end = quoted.end;
  } else {
    if (!isPlainStart(text, at, lineEnd, true)) bail();
    end = scanPlainFlow(text, at, lineEnd, true);
    const resolved = resolvePlainScalar(text.slice(at, end));
    name = resolved === null ? '' : String(resolved);
  }
  const colon = skipSpaces(text, end, lineEnd);
  if (text.charCodeAt(colon) !== COLON || text.charCodeAt(colon + 1) !== SPACE || colon + 1 >= lineEnd) bail();
  ctx.sink.scalar(at, end);
  return { name, span: { start: at, end }, colon };
}
