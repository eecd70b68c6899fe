import { replaceControls } from './control-characters.ts';

const SHORT: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Outside text with its control characters written as escapes (`\n`, `\u001b`): a line break in a
 * flag value or an engine's message cannot start a new line of output (nor a runner's `::` command).
 *
 * @example escapeControls('a\nb') // 'a\\nb'
 */
export function escapeControls(text: string): string {
  return replaceControls(text, (c) => SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Outside text shown inside a message, in double quotes: cut to `max` characters (an ellipsis marks
 * the cut), quotes and backslashes escaped, control characters as escapes. Cut before escaping, so an
 * escape is never cut in half.
 *
 * @example quoted('role\n::warning::x', 8) // '"role\\n::…"'
 */
export function quoted(text: string, max = 64): string {
  const chars = [...text];
  const cut = chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
  return `"${escapeControls(cut.replace(/["\\]/g, '\\$&'))}"`;
}
