import type { OffsetRange } from '../problem.ts';

/** Where the cursor is in a `.tf` file: the value (or list item) of an attribute directly in a resource block. */
export interface TerraformCursor {
  /** The block's resource type and name (`resource "TYPE" "NAME" {`). */
  readonly resourceType: string;
  readonly attribute: string;
  readonly part: 'value' | 'item';
  /** The token a completion replaces: the whole string, quotes included, when the cursor is in one. */
  readonly replace: OffsetRange;
  readonly quoted: boolean;
}

const BLOCK_HEAD = /^[ \t]*resource[ \t]+"([\w-]+)"[ \t]+"[^"\n]*"[ \t]*\{/gm;
/** Looked back at most this far for the block's head (a resource block is rarely longer). */
const MAX_BLOCK = 200_000;

/**
 * The attribute whose value the cursor is in, when it is directly inside a `resource` block of a
 * `.tf` file that may not parse (the user is typing): the text from the block's head to the cursor is
 * scanned for strings, interpolations, heredocs, comments and brackets, so `jsonencode(...)`, `for`
 * expressions and heredocs above the cursor are stepped over. Undefined elsewhere (nested blocks,
 * inside an expression other than a plain value or a list of them, comments, other blocks).
 */
export function terraformCursorAt(text: string, offset: number): TerraformCursor | undefined {
  const from = Math.max(0, offset - MAX_BLOCK);
  let head: RegExpExecArray | undefined;
  BLOCK_HEAD.lastIndex = from;
  for (let m = BLOCK_HEAD.exec(text); m && m.index + m[0].length <= offset; m = BLOCK_HEAD.exec(text)) head = m;
  if (!head) return undefined;
  const state = scan(text, head.index + head[0].length, offset);
  if (!state || state.stack.length === 0 || state.stack[0] !== '{') return undefined;
  const inList = state.stack.length === 2 && state.stack[1] === '[';
  if (state.stack.length !== 1 && !inList) return undefined;
  const attribute = state.attribute;
  if (attribute === undefined) return undefined;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const typed = text.slice(lineStart, offset);
  const quoteAt = state.inString === undefined ? undefined : state.inString;
  if (!inList && !/=\s*("[^"\n]*|[\w.-]*)$/.test(typed)) return undefined;
  const wordStart = quoteAt ?? offset - (/[\w.-]*$/.exec(typed)?.[0].length ?? 0);
  const rest = text.slice(offset);
  const end =
    quoteAt === undefined
      ? offset + (/^[\w.-]*/.exec(rest)?.[0].length ?? 0)
      : offset + (/^(?:[^"\\\n]|\\.)*"?/.exec(rest)?.[0].length ?? 0);
  return {
    resourceType: head[1] ?? '',
    attribute,
    part: inList ? 'item' : 'value',
    replace: { start: wordStart, end },
    quoted: quoteAt !== undefined,
  };
}

interface ScanState {
  /** Open brackets inside the block (`{` is the block itself). */
  readonly stack: string[];
  /** The attribute last assigned directly in the block (`name =`). */
  readonly attribute: string | undefined;
  /** Where a plain string the cursor is in opened; undefined outside strings. */
  readonly inString: number | undefined;
}

/** Scans HCL from just after a block's `{` to `end`; undefined when the cursor is in a comment, heredoc or template. */
function scan(text: string, start: number, end: number): ScanState | undefined {
  const stack = ['{'];
  let attribute: string | undefined;
  let i = start;
  while (i < end) {
    const ch = text[i] as string;
    if (ch === '#' || text.startsWith('//', i)) {
      const eol = text.indexOf('\n', i);
      if (eol === -1 || eol >= end) return undefined;
      i = eol + 1;
    } else if (text.startsWith('/*', i)) {
      const close = text.indexOf('*/', i + 2);
      if (close === -1 || close + 2 > end) return undefined;
      i = close + 2;
    } else if (ch === '"') {
      const close = stringEnd(text, i + 1, end);
      if (close === undefined) return { stack, attribute, inString: i };
      if (close === -1) return undefined;
      i = close + 1;
    } else if (text.startsWith('<<', i) && /^<<-?[A-Za-z_]/.test(text.slice(i, i + 4))) {
      const marker = /^<<-?([A-Za-z_]\w*)/.exec(text.slice(i))?.[1] ?? '';
      const close = new RegExp(`^[ \\t]*${marker}[ \\t]*$`, 'm');
      close.lastIndex = 0;
      const bodyStart = text.indexOf('\n', i);
      if (bodyStart === -1 || bodyStart >= end) return undefined;
      const found = close.exec(text.slice(bodyStart + 1));
      if (!found || bodyStart + 1 + found.index + found[0].length > end) return undefined;
      i = bodyStart + 1 + found.index + found[0].length;
    } else if (ch === '{' || ch === '[' || ch === '(') {
      stack.push(ch);
      i++;
    } else if (ch === '}' || ch === ']' || ch === ')') {
      stack.pop();
      if (stack.length === 0) return { stack, attribute, inString: undefined };
      i++;
    } else if (stack.length === 1 && /[A-Za-z_]/.test(ch) && !/[\w.-]/.test(text[i - 1] ?? '')) {
      const assignment = /^([A-Za-z_][\w-]*)[ \t]*=(?!=)/.exec(text.slice(i, Math.min(end, i + 200)));
      const word = /^[\w.-]*/.exec(text.slice(i))?.[0] ?? ch;
      if (assignment) attribute = assignment[1];
      i += assignment ? assignment[0].length : word.length;
    } else {
      i++;
    }
  }
  return { stack, attribute, inString: undefined };
}

/**
 * The index of the quote closing a string that opened before `from`, stepping over escapes and
 * `${...}` / `%{...}` templates; undefined when the string is still open at `end` (on the cursor's
 * line), -1 when the cursor is inside a template's expression.
 */
function stringEnd(text: string, from: number, end: number): number | undefined {
  let i = from;
  while (i < end) {
    const ch = text[i];
    if (ch === '\\') i += 2;
    else if (ch === '"') return i;
    else if (ch === '\n') return -1;
    else if ((ch === '$' || ch === '%') && text[i + 1] === '{') {
      let depth = 0;
      for (i += 1; i < end; i++) {
        if (text[i] === '{') depth++;
        else if (text[i] === '}' && --depth === 0) break;
      }
      if (i >= end) return -1;
      i++;
    } else i++;
  }
  return undefined;
}
