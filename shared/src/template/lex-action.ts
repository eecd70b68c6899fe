import type { TemplateIssue } from './template-issue.ts';

/** A token inside `{{ }}`. `spaceBefore` matters: Go needs spaces between a command's operands. */
export interface Token {
  readonly kind: 'identifier' | 'field' | 'dot' | 'string' | 'number' | 'lparen' | 'rparen' | 'pipe' | 'bad';
  readonly start: number;
  readonly end: number;
  readonly spaceBefore: boolean;
  /** Identifier or field name, decoded string, number, or (for `bad`) the reason. */
  readonly value: string | number;
}

/** The result of lexing one action, from just after `{{` (and its trim marker) to `}}`. */
export interface LexedAction {
  readonly tokens: readonly Token[];
  /** Offset just past `}}` (or the end of the text when unclosed). */
  readonly end: number;
  readonly trimRight: boolean;
  /** A lexical error that stops scanning: unterminated string or action. */
  readonly fatal: TemplateIssue | undefined;
}

/** Go's template whitespace: space, tab, carriage return, newline. */
export function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\r' || c === '\n';
}

const UNICODE_WORD = /^[\p{L}\p{Nd}]$/u;

/** Go's identifier characters: `_`, letters and digits (ASCII checked first: it is the common case). */
function isWordChar(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  if (code < 0x80)
    return c === '_' || (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return UNICODE_WORD.test(c);
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function readWord(text: string, start: number): number {
  let i = start;
  while (i < text.length && isWordChar(text[i])) i++;
  return i;
}

/** Reasons for characters Go accepts but username templates do not, or Go rejects too. */
function badReason(text: string, p: number): { end: number; reason: string } {
  const c = text[p] ?? '';
  if (c === '$')
    return {
      end: Math.max(readWord(text, p + 1), p + 1),
      reason: 'variables ($x) are not supported in username templates',
    };
  if (c === "'") return { end: p + 1, reason: 'character constants are not supported; use a "string"' };
  if (c === ':' || c === '=' || c === ',')
    return { end: p + 1, reason: 'variable declarations are not supported in username templates' };
  return { end: p + 1, reason: `unexpected ${JSON.stringify(c)} in action` };
}

/** Scans one token at `p` (not a space, not `}}`). */
function lexToken(text: string, p: number, spaceBefore: boolean, lexers: TokenLexers): Token | TemplateIssue {
  const c = text[p];
  const simple = c === '(' ? 'lparen' : c === ')' ? 'rparen' : c === '|' ? 'pipe' : undefined;
  if (simple) return { kind: simple, start: p, end: p + 1, spaceBefore, value: c ?? '' };
  if (c === '"' || c === '`') return lexers.string(text, p, spaceBefore);
  if (isDigit(c) || ((c === '-' || c === '+' || c === '.') && isDigit(text[p + 1])))
    return lexers.number(text, p, spaceBefore);
  if (c === '.') {
    const end = readWord(text, p + 1);
    return end === p + 1
      ? { kind: 'dot', start: p, end, spaceBefore, value: '.' }
      : { kind: 'field', start: p, end, spaceBefore, value: text.slice(p + 1, end) };
  }
  if (isWordChar(c)) {
    const end = readWord(text, p);
    return { kind: 'identifier', start: p, end, spaceBefore, value: text.slice(p, end) };
  }
  const bad = badReason(text, p);
  return { kind: 'bad', start: p, end: bad.end, spaceBefore, value: bad.reason };
}

/** Literal lexers, passed in so this file stays about the token loop. */
export interface TokenLexers {
  readonly string: (text: string, start: number, spaceBefore: boolean) => Token | TemplateIssue;
  readonly number: (text: string, start: number, spaceBefore: boolean) => Token | TemplateIssue;
}

/**
 * Lexes the inside of an action starting at `p` until `}}` or ` -}}`, in one pass. A `}}` inside
 * a string literal does not close the action, as in Go.
 */
export function lexAction(text: string, open: number, p: number, lexers: TokenLexers): LexedAction {
  const tokens: Token[] = [];
  let spaceBefore = true;
  while (p < text.length) {
    const c = text[p];
    if (text.startsWith('}}', p)) return { tokens, end: p + 2, trimRight: false, fatal: undefined };
    if (isSpace(c)) {
      if (text.startsWith('-}}', p + 1)) return { tokens, end: p + 4, trimRight: true, fatal: undefined };
      spaceBefore = true;
      p++;
      continue;
    }
    const token = lexToken(text, p, spaceBefore, lexers);
    if (!('kind' in token)) return { tokens, end: token.end, trimRight: false, fatal: token };
    tokens.push(token);
    p = token.end;
    spaceBefore = false;
  }
  const fatal: TemplateIssue = {
    code: 'TEMPLATE_UNCLOSED_ACTION',
    message: 'This action is never closed; add "}}".',
    start: open,
    end: text.length,
  };
  return { tokens, end: text.length, trimRight: false, fatal };
}
