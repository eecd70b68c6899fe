import { memoKey, type Lines } from './lines.ts';
import { firstAtOrAfterBy } from './ordered.ts';
import { isRegexSpace } from './source-text.ts';

/** At most this many classes are read per text. */
const MAX_CLASSES = 400;

/** A class of a text: where its body runs, its name and the names it extends. */
export interface ClassSpan {
  readonly start: number;
  readonly end: number;
  readonly name: string;
  readonly parents: readonly string[];
}

/** Python's `class Name(Parent, Other):`, at any indent. Groups: the indent, the name, the parents. */
const INDENTED_CLASS = /([ \t]*)class[ \t]+([A-Za-z_]\w*)[ \t]*(?:\(([^()\n]*)\))?[ \t]*:/y;
/** What ends a line for a pattern's `^` under the m flag: \n, \r, U+2028, U+2029. */
const LINE_END = new Set([10, 13, 0x2028, 0x2029]);
/** A class whose body is a `{}` block (JS/TS, Java, C#, PHP): the name, then what stands before the brace. */
const BRACE_CLASS = /\bclass[ \t]+([A-Za-z_$][\w$]*)([^{};\n]{0,200})\{/g;

/**
 * The classes of a text, in order of their start (an inner class after its outer one). A Python class ends
 * at the first line after it indented no deeper than its `class` line; a braced class at its closing
 * brace (braces in strings count: a rare miscount only moves a class's end).
 */
function classSpans(text: string): ClassSpan[] {
  const out: ClassSpan[] = [];
  if (!text.includes('class')) return out;
  // Each `class` found by native search, read from its line's start when only blanks come before it there
  // (a `^` pattern under the m flag was tried at every line of the text).
  for (let at = text.indexOf('class'); at !== -1 && out.length < MAX_CLASSES; at = text.indexOf('class', at + 5)) {
    let lineStart = at;
    while (text.charCodeAt(lineStart - 1) === 32 || text.charCodeAt(lineStart - 1) === 9) lineStart--;
    if (lineStart > 0 && !LINE_END.has(text.charCodeAt(lineStart - 1))) continue;
    INDENTED_CLASS.lastIndex = lineStart;
    const m = INDENTED_CLASS.exec(text);
    if (m === null) continue;
    const indent = (m[1] ?? '').length;
    // A class without a parent list (`class X:`, most of a module's) has none, read without a split.
    const parents = m[3] === undefined ? NO_PARENTS : parentNames(m[3]);
    out.push({ start: m.index, end: pythonClassEnd(text, m.index + m[0].length, indent), name: m[2] ?? '', parents });
  }
  if (out.length > 0) return out;
  BRACE_CLASS.lastIndex = 0;
  for (let m = BRACE_CLASS.exec(text); m !== null && out.length < MAX_CLASSES; m = BRACE_CLASS.exec(text)) {
    const open = m.index + m[0].length - 1;
    const parents = /\bextends[ \t]+([A-Za-z_$][\w$]*)/.exec(m[2] ?? '')?.[1];
    out.push({ start: m.index, end: closingBrace(text, open), name: m[1] ?? '', parents: parents ? [parents] : [] });
  }
  return out;
}

const NO_PARENTS: readonly string[] = Object.freeze([]);

/** The text's classes (`classSpans`), read once per text for every reader that has the scan's `Lines`. */
const CLASS_SPANS = memoKey<readonly ClassSpan[]>('class spans');

/**
 * `classSpans` once per text (`Lines.memo`): the value flow and the base URLs both read a Python text's classes, and
 * each reading walks every `class` of the text and every line of each class body.
 */
export function textClassSpans(text: string, lines: Lines): readonly ClassSpan[] {
  return lines.memo(CLASS_SPANS, () => classSpans(text));
}

/** The names a Python class's parent list gives (`Base, abc.ABC` gives `Base`, `ABC`), each a plain name. */
function parentNames(list: string): string[] {
  return list
    .split(',')
    .map((p) => p.trim().split('.').at(-1) ?? '')
    .filter((p) => /^[A-Za-z_]\w*$/.test(p));
}

/**
 * The innermost class holding an offset, or undefined: of the spans up to the first that starts after `at` (they come
 * in order of their starts), the last that holds it. Found by a binary search for the last span starting at or before
 * `at`, then back along each span's previous longer-reaching one (`reachBack`): a span ending at or before `at` can be
 * passed over with every span between it and that one, which end no later. Walked over from the first span for each
 * ask, a text of many classes took time growing with their count squared (a base URL asked in each of 400 classes).
 */
export function classAt(spans: readonly ClassSpan[], at: number): ClassSpan | undefined {
  const back = reachBack(spans);
  if (back === undefined) {
    let found: ClassSpan | undefined;
    for (const span of spans) {
      if (span.start > at) break;
      if (at < span.end) found = span;
    }
    return found;
  }
  let k = firstAtOrAfterBy(spans, at + 1, spanStart) - 1;
  while (k >= 0 && spans[k]!.end <= at) k = back[k]!;
  return k >= 0 ? spans[k] : undefined;
}

const spanStart = (span: ClassSpan): number => span.start;

/**
 * For each span, the last one before it that ends later (-1 for none), read once a list (a stack's one pass); undefined
 * for a list not in order of starts, which `classAt` walks as it comes.
 */
function reachBack(spans: readonly ClassSpan[]): Int32Array | undefined {
  let back = REACH_BACK.get(spans);
  if (back !== undefined || REACH_BACK.has(spans)) return back;
  let ordered = true;
  for (let k = 1; k < spans.length; k++) if (spans[k]!.start < spans[k - 1]!.start) ordered = false;
  if (ordered) {
    back = new Int32Array(spans.length);
    const stack: number[] = [];
    for (let k = 0; k < spans.length; k++) {
      while (stack.length > 0 && spans[stack[stack.length - 1]!]!.end <= spans[k]!.end) stack.pop();
      back[k] = stack.length > 0 ? stack[stack.length - 1]! : -1;
      stack.push(k);
    }
  }
  REACH_BACK.set(spans, back);
  return back;
}
const REACH_BACK = new WeakMap<readonly ClassSpan[], Int32Array | undefined>();

/**
 * The start of the first line after `from` with code indented no deeper than `indent` (blank and comment lines
 * passed over), or the text's end. Each line's indent read in place (a class body is most of a Python module, and
 * a slice and a trimmed copy of each of its lines were garbage at once).
 */
function pythonClassEnd(text: string, from: number, indent: number): number {
  let at = text.indexOf('\n', from);
  while (at !== -1) {
    const start = at + 1;
    const next = text.indexOf('\n', start);
    const end = next === -1 ? text.length : next;
    let i = start;
    // What `trimStart` passes over: `\s` (a CRLF line's `\r` too); read no deeper than one past the class's indent, as a
    // line indented deeper (or blank) goes on with the class either way.
    while (i < end && i - start <= indent && isRegexSpace(text.charCodeAt(i))) i++;
    if (i < end && text.charCodeAt(i) !== 35 && i - start <= indent) return start;
    at = next;
  }
  return text.length;
}

function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125 && --depth === 0) return i + 1;
  }
  return text.length;
}
