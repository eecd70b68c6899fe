import type { OffsetRange } from '../../problem.ts';
import type { LineIndex } from '../../text/line-index.ts';
import { trimEnd } from '../source-span.ts';
import type { Suppression } from '../types.ts';

/** The marker every suppression comment starts with. */
export const SUPPRESSION_MARKER = 'keyfob-disable';

/** A comment that may hold a suppression: from its `#` or `//` to the end of its line. */
export interface CommentSpan extends OffsetRange {
  /** Where the text after `#` or `//` starts. */
  readonly bodyStart: number;
}

const DIRECTIVE = /^[ \t]*keyfob-disable(-next-line)?(?=[ \t]|$)/;
const CODE = /[^\s,]+/g;

/**
 * Reads a suppression comment, or undefined when the comment is not one. The document form
 * (`keyfob-disable`) counts only on a line of its own, so a trailing one cannot silence a whole
 * document by accident; `keyfob-disable-next-line` may also trail a line.
 *
 * `commentPrefix` (`#` or `//`) tells which following lines are only comments, to be skipped when
 * finding the line a `-next-line` comment applies to.
 */
export function readSuppression(
  text: string,
  lines: LineIndex,
  comment: CommentSpan,
  commentPrefix: string,
): Suppression | undefined {
  const body = text.slice(comment.bodyStart, comment.end);
  const directive = DIRECTIVE.exec(body);
  if (!directive) return undefined;
  const kind = directive[1] ? 'next-line' : 'document';
  const line = lines.position(comment.start).line;
  if (
    kind === 'document' &&
    text
      .slice(lines.lineStart(line), comment.start)
      .trim()
      .replace(/^\uFEFF/, '') !== ''
  )
    return undefined;
  const rest = body.slice(directive[0].length);
  const dash = rest.indexOf('--');
  const codesText = dash === -1 ? rest : rest.slice(0, dash);
  const codesStart = comment.bodyStart + directive[0].length;
  const codes: string[] = [];
  const codeRanges = [];
  for (const match of codesText.matchAll(CODE)) {
    codes.push(match[0]);
    codeRanges.push(lines.range({ start: codesStart + match.index, end: codesStart + match.index + match[0].length }));
  }
  return {
    kind,
    codes,
    codeRanges,
    reason: dash === -1 ? '' : rest.slice(dash + 2).trim(),
    range: lines.range({ start: comment.start, end: trimEnd(text, comment.start, comment.end) }),
    appliesToLine: kind === 'document' ? 0 : nextContentLine(text, lines, line, commentPrefix),
  };
}

/** The first line after `line` that holds more than spaces and a comment (or the next line when none does). */
function nextContentLine(text: string, lines: LineIndex, line: number, commentPrefix: string): number {
  for (let candidate = line + 1; candidate <= lines.lineCount; candidate++) {
    const start = lines.lineStart(candidate);
    const end = candidate < lines.lineCount ? lines.lineStart(candidate + 1) : text.length;
    const content = text.slice(start, end).trim();
    if (content !== '' && !content.startsWith(commentPrefix)) return candidate;
  }
  return line + 1;
}

/**
 * The `#` comments of a YAML text that carry the suppression marker. A `#` counts when it starts the
 * line or follows whitespace and lies outside every scalar token (`scalarSpans`, flat and sorted),
 * so a `#` inside a quoted string or a block scalar is not mistaken for a comment.
 */
export function findYamlSuppressionComments(
  text: string,
  lines: LineIndex,
  scalarSpans: readonly number[],
): CommentSpan[] {
  const found: CommentSpan[] = [];
  for (let at = text.indexOf(SUPPRESSION_MARKER); at !== -1; at = text.indexOf(SUPPRESSION_MARKER, at + 1)) {
    let hash = at - 1;
    while (hash >= 0 && (text[hash] === ' ' || text[hash] === '\t')) hash--;
    if (text[hash] !== '#') continue;
    const before = text[hash - 1];
    if (hash > 0 && before !== ' ' && before !== '\t' && before !== '\n' && before !== '\r' && before !== '\uFEFF')
      continue;
    if (insideScalar(scalarSpans, hash)) continue;
    const line = lines.position(hash).line;
    const end = line < lines.lineCount ? lines.lineStart(line + 1) : text.length;
    found.push({ start: hash, end: trimEnd(text, hash, end), bodyStart: hash + 1 });
  }
  return found;
}

/** The `//` comments of a JSONC text (from the parser) that carry the suppression marker. */
export function findJsonSuppressionComments(text: string, comments: readonly OffsetRange[]): CommentSpan[] {
  return comments
    .filter((c) => text.startsWith('//', c.start) && text.slice(c.start, c.end).includes(SUPPRESSION_MARKER))
    .map((c) => ({ start: c.start, end: trimEnd(text, c.start, c.end), bodyStart: c.start + 2 }));
}

function insideScalar(spans: readonly number[], offset: number): boolean {
  // Binary search over pairs for the last span starting at or before `offset`.
  let lo = 0;
  let hi = spans.length / 2 - 1;
  let hit = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((spans[mid * 2] ?? 0) <= offset) {
      hit = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return hit !== -1 && offset < (spans[hit * 2 + 1] ?? 0);
}
