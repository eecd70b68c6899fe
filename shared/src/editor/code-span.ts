import { oneLine } from '../text/index.ts';

/** Outside text (names, paths from files) as a Markdown code span on one line: a backtick would end the span early. */
export function codeSpan(text: string): string {
  return `\`${oneLine(text, 200).replaceAll('`', "'")}\``;
}
