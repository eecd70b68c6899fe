import { lexHcl, type HclToken } from '../policies/index.ts';
import type { CursorContext } from './cursor-context.ts';

/** One open `{` or `[` before the cursor: the labels (keys) it belongs to, and what it already holds. */
interface Frame {
  readonly kind: 'object' | 'list';
  readonly labels: readonly string[];
  /** Keys of an object, items of a list, written before the cursor. */
  readonly members: Map<string, string | undefined>;
}

/**
 * What the cursor is on in an HCL policy (which may not parse): the keys from the root down to the
 * block or list it is in (`path "cloud/creds/x" {` gives `["path", "cloud/creds/x"]`, as the
 * policy's JSON form would), typing a key, a value or a list item, and the token a completion
 * replaces (a whole string, quotes included, when the cursor is inside one). Undefined in a comment
 * or after text the lexer refuses.
 *
 * @example hclContextAt('path "cloud/creds/x" {\n  cap', 27)?.path // ["path", "cloud/creds/x"]
 */
export function hclContextAt(text: string, offset: number): CursorContext | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const line = scanLine(text.slice(lineStart, offset));
  if (line.comment) return undefined;
  const quoteAt = line.openString === undefined ? undefined : lineStart + line.openString;
  const wordStart = quoteAt ?? offset - (/[A-Za-z_][\w.-]*$/.exec(text.slice(lineStart, offset))?.[0].length ?? 0);
  let tokens: HclToken[];
  try {
    tokens = lexHcl(text.slice(0, wordStart)).filter((t) => t.type !== 'eof');
  } catch {
    return undefined;
  }
  const { frames, pending, assigned } = walk(tokens);
  const frame = frames[frames.length - 1] as Frame;
  const outer = frames.flatMap((f) => f.labels);
  const replace = { start: wordStart, end: tokenEnd(text, offset, quoteAt !== undefined) };
  addFollowing(frame, text.slice(replace.end));
  const prefix = text.slice(quoteAt === undefined ? wordStart : wordStart + 1, offset);
  const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0].length ?? 0;
  const base = {
    prefix,
    replace,
    document: 0,
    indent,
    quoted: quoteAt !== undefined,
    needsComma: /^\s*["{[]/.test(text.slice(replace.end)) && text.trimStart().startsWith('{'),
  };
  if (frame.kind === 'list') {
    const key = outer[outer.length - 1];
    return { ...base, path: outer.slice(0, -1), part: 'item', ...(key ? { key } : {}), siblings: frame.members };
  }
  if (assigned && pending[0] !== undefined)
    return { ...base, path: outer, part: 'value', key: pending[0], siblings: frame.members };
  // A block label being typed (`path "|`) is a key one level down, as in the JSON form.
  const siblings = pending.length > 0 ? new Map<string, string | undefined>() : frame.members;
  return { ...base, path: [...outer, ...pending], part: 'key', siblings };
}

/** Adds what the cursor's frame holds after the cursor (keys or items), when the rest of the text lexes. */
function addFollowing(frame: Frame, rest: string): void {
  let tokens: HclToken[];
  try {
    tokens = lexHcl(rest);
  } catch {
    return;
  }
  let depth = 0;
  for (const [i, token] of tokens.entries()) {
    const punct = token.type === 'punct' ? token.text : undefined;
    if (punct === '{' || punct === '[') depth++;
    else if (punct === '}' || punct === ']') {
      if (depth === 0) return;
      depth--;
    } else if (depth === 0 && (token.type === 'string' || token.type === 'ident')) {
      const next = tokens[i + 1];
      if (frame.kind === 'list') frame.members.set(token.text, token.text);
      else if (next?.type === 'punct' && ['=', ':', '{'].includes(next.text)) frame.members.set(token.text, undefined);
    }
  }
}

/** Where the cursor's line prefix is: inside a string opened at an index, or in a comment. */
function scanLine(prefix: string): { openString?: number; comment: boolean } {
  let open: number | undefined;
  for (let i = 0; i < prefix.length; i++) {
    const ch = prefix[i];
    if (open !== undefined) {
      if (ch === '\\') i++;
      else if (ch === '"') open = undefined;
    } else if (ch === '"') open = i;
    else if (ch === '#' || prefix.startsWith('//', i)) return { comment: true };
  }
  return open === undefined ? { comment: false } : { openString: open, comment: false };
}

/** The end of the token under the cursor: the closing quote of a string on the same line, or the word's end. */
function tokenEnd(text: string, offset: number, inString: boolean): number {
  if (!inString) return offset + (/^[\w.-]*/.exec(text.slice(offset))?.[0].length ?? 0);
  const rest = /^(?:[^"\\\n]|\\.)*"?/.exec(text.slice(offset))?.[0] ?? '';
  return offset + rest.length;
}

/** Replays the tokens before the cursor: the open frames and the labels pending in the innermost one. */
function walk(tokens: readonly HclToken[]): { frames: Frame[]; pending: string[]; assigned: boolean } {
  const frames: Frame[] = [{ kind: 'object', labels: [], members: new Map() }];
  let pending: string[] = [];
  let assigned = false;
  for (const token of tokens) {
    const frame = frames[frames.length - 1] as Frame;
    const punct = token.type === 'punct' ? token.text : undefined;
    if (punct === '{' || punct === '[') {
      if (frame.kind === 'object' && pending[0] !== undefined) frame.members.set(pending[0], undefined);
      frames.push({
        kind: punct === '{' ? 'object' : 'list',
        labels: frame.kind === 'list' ? [] : pending,
        members: new Map(),
      });
      pending = [];
      assigned = false;
    } else if (punct === '}' || punct === ']') {
      if (frames.length > 1) frames.pop();
      pending = [];
      assigned = false;
    } else if (punct === '=' || punct === ':') {
      assigned = true;
    } else if (punct === ',') {
      pending = [];
      assigned = false;
    } else if (frame.kind === 'list') {
      frame.members.set(token.text, token.text);
    } else if (assigned) {
      if (pending[0] !== undefined) frame.members.set(pending[0], token.text);
      pending = [];
      assigned = false;
    } else {
      pending = [...pending, token.text];
    }
  }
  return { frames, pending, assigned };
}
