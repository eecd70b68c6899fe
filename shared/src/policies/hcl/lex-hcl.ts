import type { OffsetRange } from '../../problem.ts';

/** A token of HCL v1 (and of JSON, which HCL v1 also reads). */
export interface HclToken {
  readonly type: 'punct' | 'string' | 'number' | 'ident' | 'eof';
  /** The punctuation character, the decoded string, the number text or the identifier. */
  readonly text: string;
  readonly range: OffsetRange;
}

/** A lexing or parsing failure at one spot; the parser stops at the first one. */
class HclSyntaxError extends Error {
  constructor(
    message: string,
    readonly range: OffsetRange,
  ) {
    super(message);
  }
}

const PUNCT = new Set(['{', '}', '[', ']', '=', ':', ',']);
const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[\w.-]/;
const NUMBER = /^-?(?:0x[0-9a-fA-F]+|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/;

/**
 * Splits policy text into tokens: `#`, `//` and `/* *\/` comments, double-quoted strings with
 * escapes, heredocs (`<<EOF` / `<<-EOF`), numbers, identifiers and `{ } [ ] = : ,`.
 */
export function lexHcl(text: string): HclToken[] {
  const tokens: HclToken[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '#' || text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      if (end === -1) throw new HclSyntaxError('comment not terminated', { start: i, end: i + 2 });
      i = end + 2;
    } else if (PUNCT.has(ch)) {
      tokens.push({ type: 'punct', text: ch, range: { start: i, end: i + 1 } });
      i++;
    } else if (ch === '"') {
      const { value, end } = readString(text, i);
      tokens.push({ type: 'string', text: value, range: { start: i, end } });
      i = end;
    } else if (text.startsWith('<<', i)) {
      const { value, end } = readHeredoc(text, i);
      tokens.push({ type: 'string', text: value, range: { start: i, end } });
      i = end;
    } else {
      const number = NUMBER.exec(text.slice(i, i + 64));
      if (number && (ch === '-' || /\d/.test(ch))) {
        tokens.push({ type: 'number', text: number[0], range: { start: i, end: i + number[0].length } });
        i += number[0].length;
      } else if (IDENT_START.test(ch)) {
        let end = i + 1;
        while (end < text.length && IDENT_PART.test(text[end] ?? '')) end++;
        tokens.push({ type: 'ident', text: text.slice(i, end), range: { start: i, end } });
        i = end;
      } else {
        throw new HclSyntaxError(`illegal char ${JSON.stringify(ch)}`, { start: i, end: i + 1 });
      }
    }
  }
  tokens.push({ type: 'eof', text: '', range: { start: text.length, end: text.length } });
  return tokens;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f' };

function readString(text: string, start: number): { value: string; end: number } {
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (ch === '"') return { value, end: i + 1 };
    if (ch === '\n') break;
    if (ch === '\\') {
      const next = text[i + 1] ?? '';
      if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        value += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
        i += 6;
        continue;
      }
      const mapped = ESCAPES[next];
      if (mapped === undefined) throw new HclSyntaxError('unknown escape sequence', { start: i, end: i + 2 });
      value += mapped;
      i += 2;
      continue;
    }
    value += ch;
    i++;
  }
  throw new HclSyntaxError('literal not terminated', { start, end: Math.min(i, text.length) });
}

function readHeredoc(text: string, start: number): { value: string; end: number } {
  const header = /^<<(-?)([A-Za-z_][\w-]*)\r?\n/.exec(text.slice(start, start + 200));
  if (!header) throw new HclSyntaxError('heredoc expected a marker name and a line break', { start, end: start + 2 });
  const indented = header[1] === '-';
  const marker = header[2] ?? '';
  const lines: string[] = [];
  let i = start + header[0].length;
  while (i <= text.length) {
    const lineEnd = text.indexOf('\n', i);
    const line = text.slice(i, lineEnd === -1 ? text.length : lineEnd).replace(/\r$/, '');
    if ((indented ? line.trim() : line) === marker)
      return { value: lines.join('\n') + (lines.length > 0 ? '\n' : ''), end: lineEnd === -1 ? text.length : lineEnd };
    lines.push(line);
    if (lineEnd === -1) break;
    i = lineEnd + 1;
  }
  throw new HclSyntaxError(`heredoc not terminated (no line "${marker}")`, {
    start,
    end: start + header[0].length - 1,
  });
}
