import type { Token } from './lex-action.ts';
import type { TemplateIssue } from './template-issue.ts';

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = {
  a: 7,
  b: 8,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
  '\\': 92,
  '"': 34,
};
const decoder = new TextDecoder();

const syntax = (message: string, start: number, end: number): TemplateIssue => ({
  code: 'TEMPLATE_SYNTAX',
  message,
  start,
  end,
});

function hexValue(text: string): number | undefined {
  let value = 0;
  for (const c of text) {
    const digit = parseInt(c, 16);
    if (Number.isNaN(digit)) return undefined;
    value = value * 16 + digit;
  }
  return value;
}

/** One decoded escape: raw bytes (`\x41`, `\101`) or a whole character (`\n`, `\u00e9`). */
type Escape = { bytes: number[]; next: number } | { text: string; next: number };

/** Decodes one escape at `p` (just after the backslash); Go's strconv rules. */
function readEscape(text: string, p: number): Escape | string {
  const c = text[p] ?? '';
  const simple = SIMPLE_ESCAPES[c];
  if (simple !== undefined) return { text: String.fromCharCode(simple), next: p + 1 };
  if (c >= '0' && c <= '7') {
    const digits = text.slice(p, p + 3);
    const value = /^[0-7]{3}$/.test(digits) ? parseInt(digits, 8) : 256;
    return value > 255 ? 'an octal escape needs three digits up to \\377' : { bytes: [value], next: p + 3 };
  }
  const size = c === 'x' ? 2 : c === 'u' ? 4 : c === 'U' ? 8 : 0;
  if (size === 0) return `unknown escape sequence \\${c}`;
  const value = text.length >= p + 1 + size ? hexValue(text.slice(p + 1, p + 1 + size)) : undefined;
  if (value === undefined) return `\\${c} needs ${size} hex digits`;
  if (c === 'x') return { bytes: [value], next: p + 1 + size };
  if (value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff))
    return `\\${c}${text.slice(p + 1, p + 1 + size)} is not a valid character`;
  return { text: String.fromCodePoint(value), next: p + 1 + size };
}

/**
 * Lexes `"..."`. Plain runs are copied as they are; `\x` and octal escapes are bytes, collected
 * and decoded as UTF-8 together (Go strings are bytes: `"\xc3\xa9"` is `é`).
 */
function lexQuoted(text: string, start: number, spaceBefore: boolean): Token | TemplateIssue {
  let value = '';
  let bytes: number[] = [];
  const flush = (): void => {
    if (bytes.length > 0) value += decoder.decode(new Uint8Array(bytes));
    bytes = [];
  };
  let p = start + 1;
  let run = p;
  while (p < text.length && text[p] !== '"' && text[p] !== '\n') {
    if (text[p] !== '\\') {
      p++;
      continue;
    }
    if (p > run) flush();
    value += text.slice(run, p);
    const escape = readEscape(text, p + 1);
    if (typeof escape === 'string') return syntax(`Invalid string: ${escape}.`, p, Math.min(p + 2, text.length));
    if ('bytes' in escape) bytes.push(...escape.bytes);
    else {
      flush();
      value += escape.text;
    }
    p = run = escape.next;
  }
  if (text[p] !== '"') return syntax('This string is never closed; add the closing ".', start, p);
  flush();
  return { kind: 'string', start, end: p + 1, spaceBefore, value: value + text.slice(run, p) };
}

function lexRaw(text: string, start: number, spaceBefore: boolean): Token | TemplateIssue {
  const close = text.indexOf('`', start + 1);
  if (close < 0) return syntax('This raw string is never closed; add the closing `.', start, text.length);
  // Go drops carriage returns from raw strings.
  return {
    kind: 'string',
    start,
    end: close + 1,
    spaceBefore,
    value: text.slice(start + 1, close).replaceAll('\r', ''),
  };
}

/** Lexes `"..."` (Go escapes) or a raw backquoted string starting at `start`. */
export function lexString(text: string, start: number, spaceBefore: boolean): Token | TemplateIssue {
  return text[start] === '`' ? lexRaw(text, start, spaceBefore) : lexQuoted(text, start, spaceBefore);
}

const BASES: Readonly<Record<string, number>> = { x: 16, o: 8, b: 2 };

/** Parses Go integer syntax (`42`, `-7`, `0x1F`, `0o17`, `017`, `0b101`, `1_000`); undefined if not one. */
function parseGoInt(literal: string): number | undefined {
  const negative = literal.startsWith('-');
  let body = literal[0] === '-' || literal[0] === '+' ? literal.slice(1) : literal;
  let base = 10;
  const prefix = BASES[(body[1] ?? '').toLowerCase()];
  if (body[0] === '0' && prefix !== undefined) {
    base = prefix;
    body = body.slice(2);
  } else if (body.length > 1 && body[0] === '0') base = 8;
  if (body === '' || body.startsWith('_') || body.endsWith('_') || body.includes('__')) return undefined;
  const digits = body.replaceAll('_', '');
  let value = 0;
  for (const c of digits) {
    const digit = parseInt(c, base);
    if (Number.isNaN(digit)) return undefined;
    value = value * base + digit;
  }
  return negative ? -value : value;
}

/**
 * Lexes a number; only whole numbers within JavaScript's safe range are accepted. Anything else
 * becomes a `bad` token (its extent is clear, so scanning goes on).
 */
export function lexNumber(text: string, start: number, spaceBefore: boolean): Token {
  let p = start + 1;
  while (p < text.length) {
    const c = text[p] ?? '';
    const exponentSign = (c === '+' || c === '-') && 'eEpP'.includes(text[p - 1] ?? ' ');
    if (!(/^[\p{L}\p{Nd}_.]$/u.test(c) || exponentSign)) break;
    p++;
  }
  const literal = text.slice(start, p);
  const value = parseGoInt(literal);
  const bad = (reason: string): Token => ({ kind: 'bad', start, end: p, spaceBefore, value: reason });
  if (value === undefined)
    return bad(`${JSON.stringify(literal)} is not a whole number; username templates take integers only`);
  if (!Number.isSafeInteger(value)) return bad(`the number ${literal} is too large`);
  return { kind: 'number', start, end: p, spaceBefore, value };
}
