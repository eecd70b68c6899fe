/** Go's `strconv.Quote` and `strconv.QuoteRune`, used by printf's `%q`. */

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
};

/** Go's `unicode.IsPrint`: letters, marks, numbers, punctuation, symbols and the ASCII space. */
function isPrintable(char: string): boolean {
  return char === ' ' || /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u.test(char);
}

function hex(code: number, digits: number): string {
  return code.toString(16).padStart(digits, '0');
}

function escapeChar(char: string, quote: string, asciiOnly: boolean): string {
  let code = char.codePointAt(0) ?? 0;
  if (char === quote || char === '\\') return `\\${char}`;
  if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd; // a lone surrogate is not valid UTF-8: Go shows U+FFFD
  const normal = String.fromCodePoint(code);
  if (isPrintable(normal) && (!asciiOnly || code < 0x80)) return normal;
  const simple = SIMPLE_ESCAPES[normal];
  if (simple !== undefined) return simple;
  if (code < 0x20 || code === 0x7f) return `\\x${hex(code, 2)}`;
  return code < 0x10000 ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
}

/** A double-quoted Go string literal for `text`; `asciiOnly` is the `%+q` form. */
export function goQuote(text: string, asciiOnly = false): string {
  let out = '"';
  for (const char of text) out += escapeChar(char, '"', asciiOnly);
  return `${out}"`;
}

/** A single-quoted Go character literal for a code point (`%q` of an int); invalid ones become U+FFFD. */
export function goQuoteRune(code: number, asciiOnly = false): string {
  const valid = Number.isInteger(code) && code >= 0 && code <= 0x10ffff;
  return `'${escapeChar(String.fromCodePoint(valid ? code : 0xfffd), "'", asciiOnly)}'`;
}
