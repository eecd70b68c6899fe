import { printParseErrorCode } from 'jsonc-parser';
import type { ParseErrorCode } from 'jsonc-parser';

/** What each `jsonc-parser` error means, worded for someone fixing the file. */
const MESSAGES: Readonly<Record<string, string>> = {
  InvalidSymbol: 'JSON syntax error: this is not a JSON token (strings need double quotes; true, false and null are lower case).',
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

/** A one-sentence message for a `jsonc-parser` error code. */
export function jsonErrorMessage(code: ParseErrorCode): string {
  const name = printParseErrorCode(code);
  return MESSAGES[name] ?? `JSON syntax error: ${name}.`;
}
