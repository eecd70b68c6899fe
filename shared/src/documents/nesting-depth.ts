/**
 * The deepest nesting a document may have. Real role, policy and manifest files nest a handful of
 * levels (an IAM policy's Condition block is the deepest, at six); the parsers and the rules walk
 * values recursively, so a file nested thousands deep would overflow the stack. Past this depth the
 * document is not read: it becomes `DOC_TOO_DEEP` at the place where the limit is crossed.
 */
const MAX_NESTING_DEPTH = 100;

/** The message of `DOC_TOO_DEEP`, the same for YAML and JSON. */
export function tooDeepMessage(): string {
  return `Nesting goes deeper than ${MAX_NESTING_DEPTH} levels here, so keyfob does not read this document (real role, policy and manifest files nest a few levels); flatten the data.`;
}

const SPACE = 32;
const TAB = 9;
const CR = 13;
const LF = 10;
const HASH = 35;

/**
 * Where a JSON(C) text first opens a container deeper than `limit` (the offset of that `[` or `{`),
 * or -1. One linear pass that skips strings and comments; it does not check the syntax.
 */
export function findTooDeepJson(text: string, limit = MAX_NESTING_DEPTH): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') i = stringEnd(text, i);
    else if (c === '/' && text[i + 1] === '/') i = lineEnd(text, i) - 1;
    else if (c === '/' && text[i + 1] === '*') i = blockCommentEnd(text, i);
    else if (c === '[' || c === '{') {
      if (++depth > limit) return i;
    } else if ((c === ']' || c === '}') && depth > 0) depth--;
  }
  return -1;
}

/** Offset of the closing quote of the JSON string opening at `at` (or the text's end). */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 34 || c === LF) return i;
  }
  return text.length;
}

function blockCommentEnd(text: string, at: number): number {
  const end = text.indexOf('*/', at + 2);
  return end === -1 ? text.length : end + 1;
}

function lineEnd(text: string, at: number): number {
  const nl = text.indexOf('\n', at);
  return nl === -1 ? text.length : nl;
}

/** What the YAML scan carries from one line to the next. */
interface YamlScan {
  /** Indentation of the block collections open around the current line. */
  readonly indents: number[];
  /** Open flow collections (`[`, `{`). */
  flow: number;
  /** The quote a scalar is still open with across lines, or 0. */
  quote: number;
  /** Indentation of the line the open quote started on. */
  quoteIndent: number;
  /** Lines indented more than this belong to a block scalar (`|`, `>`); -1 when not in one. */
  blockScalar: number;
}

/**
 * Where a YAML piece `[start, end)` first nests deeper than `limit`, or -1. Block nesting is counted
 * from the indentation of the lines and the compact indicators in front of their content (`- - x`),
 * flow nesting from the brackets; quoted scalars, plain scalars' own brackets, block scalars and
 * comments are skipped. One linear pass: it estimates the depth the way the parser will build it,
 * without checking the syntax.
 */
export function findTooDeepYaml(text: string, start = 0, end = text.length, limit = MAX_NESTING_DEPTH): number {
  const scan: YamlScan = { indents: [], flow: 0, quote: 0, quoteIndent: 0, blockScalar: -1 };
  for (let at = start; at < end;) {
    const stop = Math.min(lineEnd(text, at), end);
    const found = scanYamlLine(text, at, stop, scan, limit);
    if (found !== -1) return found;
    at = stop + 1;
  }
  return -1;
}

function scanYamlLine(text: string, from: number, to: number, scan: YamlScan, limit: number): number {
  let pos = from;
  while (pos < to && text.charCodeAt(pos) === SPACE) pos++;
  const indent = pos - from;
  const blank = pos >= to || text.charCodeAt(pos) === HASH || text.charCodeAt(pos) === CR;
  if (scan.blockScalar !== -1) {
    if (blank || indent > scan.blockScalar) return -1;
    scan.blockScalar = -1;
  }
  // A quoted scalar cannot continue on a line indented no deeper than where it started: the parser
  // ends it there and reads the line as new content, so the scan does too.
  if (scan.quote !== 0 && !blank && indent <= scan.quoteIndent) scan.quote = 0;
  let block = scan.indents.length;
  if (scan.quote === 0) {
    if (blank) return -1;
    if (scan.flow === 0 && (text.startsWith('---', pos) || text.startsWith('...', pos))) pos += 3;
    // Indentation counts inside flow collections too: the parser ends a collection that a line
    // indented too little interrupts and reads that line as block content, so the scan must not
    // take the brackets' word for it.
    while (scan.indents.length > 0 && (scan.indents[scan.indents.length - 1] ?? 0) >= indent) scan.indents.pop();
    scan.indents.push(indent);
    block = scan.indents.length;
    // `- - - x` and `? - x`: the first indicator is the collection at this line's indentation, each
    // further one opens a collection inside it (counted inside flow collections too, where the
    // parser's recovery reads them as block content).
    for (let first = true; ; first = false) {
      while (pos < to && text.charCodeAt(pos) === SPACE) pos++;
      if (!isIndicator(text, pos, to)) break;
      if (!first && ++block > limit) return pos;
      pos++;
    }
    if (block + scan.flow > limit) return pos;
  }
  return scanYamlContent(text, pos, to, scan, block, indent, limit);
}

/** A block indicator (`-`, `?`, `:`) followed by a space or the line's end. */
function isIndicator(text: string, at: number, to: number): boolean {
  const c = text[at];
  if (c !== '-' && c !== '?' && c !== ':') return false;
  const next = at + 1 < to ? text.charCodeAt(at + 1) : SPACE;
  return next === SPACE || next === TAB || next === CR;
}

function scanYamlContent(
  text: string,
  from: number,
  to: number,
  scan: YamlScan,
  block: number,
  indent: number,
  limit: number,
): number {
  let valueStart = true;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (scan.quote !== 0) {
      if (scan.quote === 34 && c === 92) i++;
      else if (c === scan.quote && !(c === 39 && text.charCodeAt(i + 1) === 39)) scan.quote = 0;
      else if (c === 39 && scan.quote === 39) i++;
      continue;
    }
    if (c === SPACE || c === TAB || c === CR) continue;
    if (c === HASH && (i === from || isBlankCode(text.charCodeAt(i - 1)))) return -1;
    const starts = valueStart;
    valueStart = false;
    if (c === 91 || c === 123) {
      if (!starts && scan.flow === 0) continue;
      scan.flow++;
      if (block + scan.flow > limit) return i;
      valueStart = true;
    } else if ((c === 93 || c === 125) && scan.flow > 0) {
      scan.flow--;
    } else if (starts && (c === 34 || c === 39)) {
      scan.quote = c;
      scan.quoteIndent = indent;
    } else if (starts && (c === 38 || c === 33)) {
      // An anchor or a tag before the value: the value starts after it.
      while (i + 1 < to && !isBlankCode(text.charCodeAt(i + 1))) i++;
      valueStart = true;
    } else if (starts && scan.flow === 0 && (c === 124 || c === 62)) {
      scan.blockScalar = indent;
      return -1;
    } else if (c === 58 || c === 44 || (c === 45 && starts) || (c === 63 && starts)) {
      valueStart =
        c === 44
          ? scan.flow > 0
          : isBlankCode(text.charCodeAt(i + 1)) || Number.isNaN(text.charCodeAt(i + 1)) || scan.flow > 0;
    }
  }
  return -1;
}

function isBlankCode(c: number): boolean {
  return c === SPACE || c === TAB || c === CR || c === LF;
}
