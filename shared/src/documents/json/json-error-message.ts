import { printParseErrorCode } from 'jsonc-parser';
import type { ParseErrorCode } from 'jsonc-parser';

/** What each `jsonc-parser` error means, worded for someone fixing the file. */
const MESSAGES: Readonly<Record<string, string>> = {
  InvalidSymbol:
    'JSON syntax error: this is not a JSON token (strings need double quotes; true, false and null are lower case).',
  InvalidNumberFormat: 'JSON syntax error: this number is not valid JSON (no leading zeros, hex or trailing dot).',
  PropertyNameExpected: 'JSON syntax error: a property name in double quotes is expected here.',
  ValueExpected: 'JSON syntax error: a value is expected here.',
  ColonExpected: 'JSON syntax error: a colon is expected after the property name.',
  CommaExpected: 'JSON syntax error: a comma is expected between members.',
  CloseBraceExpected: 'JSON syntax error: the object is not closed with "}".',
  CloseBracketExpected: 'JSON syntax error: the array is not closed with "]".',
  EndOfFileExpected: 'JSON syntax error: the file should end after the top-level value.',
  InvalidCommentToken: 'JSON syntax error: this comment is not valid.',
  UnexpectedEndOfComment: 'JSON syntax error: the block comment is not closed with "*/".',
  UnexpectedEndOfString: 'JSON syntax error: the string is not closed with a double quote.',
  UnexpectedEndOfNumber: 'JSON syntax error: the number ends too early.',
  InvalidUnicode: 'JSON syntax error: the \\u escape needs four hexadecimal digits.',
  InvalidEscapeCharacter: 'JSON syntax error: this escape sequence is not valid in JSON.',
  InvalidCharacter: 'JSON syntax error: this character must be escaped inside a string.',
};

/** Words people write for JSON's literals, and the literal they mean. */
const LITERALS: Readonly<Record<string, string>> = {
  True: 'true',
  TRUE: 'true',
  False: 'false',
  FALSE: 'false',
  None: 'null',
  NULL: 'null',
  Null: 'null',
  nil: 'null',
  undefined: 'null',
};

/**
 * A one-sentence message for a `jsonc-parser` error code at `offset` of `text`, with a hint when the
 * token there shows the likely slip: single quotes, an unquoted name, a literal from another language.
 */
export function jsonErrorMessage(code: ParseErrorCode, text = '', offset = 0): string {
  const name = printParseErrorCode(code);
  return hint(name, text, offset) ?? MESSAGES[name] ?? `JSON syntax error: ${name}.`;
}

function hint(name: string, text: string, offset: number): string | undefined {
  if (name !== 'InvalidSymbol' && name !== 'PropertyNameExpected' && name !== 'ValueExpected') return undefined;
  if (text[offset] === "'") {
    const close = text.indexOf("'", offset + 1);
    const inner = close === -1 ? '' : text.slice(offset + 1, close);
    const example = inner.length > 0 && inner.length <= 40 && !/[\n"\\]/.test(inner) ? ` (write "${inner}")` : '';
    return `JSON syntax error: strings and property names take double quotes, not single quotes${example}.`;
  }
  const word = /^[A-Za-z_$][\w$-]{0,39}/.exec(text.slice(offset, offset + 41))?.[0];
  if (word === undefined) return undefined;
  const literal = LITERALS[word];
  if (literal) return `JSON syntax error: JSON writes ${word} as ${literal} (lower case).`;
  return `JSON syntax error: ${word} needs double quotes ("${word}"); JSON has no unquoted names or words.`;
}
