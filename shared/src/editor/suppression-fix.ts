import type { ParsedFile } from '../documents/types.ts';
import type { Problem } from '../problem.ts';
import { lineStartOf } from './member-edits.ts';
import type { QuickFix } from './quick-fix.ts';

/** The reason written into a new suppression comment; the user is expected to replace it. */
const SUPPRESSION_REASON_PLACEHOLDER = 'explain why this is acceptable';

// Codes a suppression must not hide: syntax errors make the rest unreliable, and suppression
// problems are about the comments themselves.
const UNSUPPRESSIBLE = /^(DOC_YAML_SYNTAX|DOC_JSON_SYNTAX|DOC_TOO_DEEP|SUPPRESSION_)/;

/**
 * "Suppress CODE on this line": a `keyfob-disable-next-line CODE -- reason` comment inserted above the
 * problem's line with the same indentation (`#` in YAML, `//` in JSONC). Strict `.json` files have no
 * comments (the engine refuses them), so they get no such fix.
 */
export function suppressionFix(file: ParsedFile, problem: Problem): QuickFix | undefined {
  if (!problem.range || UNSUPPRESSIBLE.test(problem.code)) return undefined;
  if (file.format === 'json' && !file.jsonc) return undefined;
  const start = lineStartOf(file.text, problem.range.start);
  const indent = /^[ \t]*/.exec(file.text.slice(start))?.[0] ?? '';
  const marker = file.format === 'json' ? '//' : '#';
  const newText = `${indent}${marker} keyfob-disable-next-line ${problem.code} -- ${SUPPRESSION_REASON_PLACEHOLDER}\n`;
  return {
    title: `Suppress ${problem.code} on this line`,
    kind: 'quickfix',
    code: problem.code,
    edits: [{ start, end: start, newText }],
  };
}
