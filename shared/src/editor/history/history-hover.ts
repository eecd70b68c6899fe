import { replacementEdit } from '../../history/replacement-edit.ts';
import type { Match } from '../../history/match-types.ts';
import type { Target } from '../../history/target.ts';
import { timeline } from '../../history/timeline.ts';
import { subjectLabel } from './subject-label.ts';

/** Options of `historyHover`. */
export interface HistoryHoverOptions {
  /** Marks the changes newer than this target, and heads the timeline with the target verdict. */
  readonly target?: Target | undefined;
  /**
   * Builds a link that opens a subject's full page (the extension passes a `command:` URI);
   * without it the hover has no link.
   */
  readonly pageLink?: (subjectId: string) => string;
}

/**
 * Hover Markdown for the matches under the cursor: per match, its timeline newest first (date,
 * change, editions, release, summary, note, replacement), then how sure the match is, other
 * subjects the same text could be, and the quick fix when a textual one exists. Undefined when
 * nothing is under the cursor. Several matches (a URL and a parameter in it) are separated by rules.
 */
export function historyHover(matches: readonly Match[], options: HistoryHoverOptions = {}): string | undefined {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const match of matches) {
    if (seen.has(match.subject.id)) continue;
    seen.add(match.subject.id);
    parts.push(matchHover(match, options));
  }
  return parts.length === 0 ? undefined : parts.join('\n\n---\n\n');
}

function matchHover(match: Match, options: HistoryHoverOptions): string {
  const lines = [
    hardBreaks(timeline(match.subject, { format: 'markdown', ...(options.target ? { target: options.target } : {}) })),
  ];
  // A use through an official client: its name there, beside the API subject it stands for.
  if (match.sdk)
    lines.unshift(`Through ${match.sdk.client}: \`${match.sdk.name}\` → \`${subjectLabel(match.subject)}\``, '');
  const notes: string[] = [];
  if (match.confidence === 'context')
    notes.push('Recognised from the code around it (a generic name next to its resource or URL).');
  if (match.alternatives.length > 0)
    notes.push(`The same text also names: ${match.alternatives.map((s) => `\`${subjectLabel(s)}\``).join(', ')}.`);
  const fix = replacementEdit(match);
  if (fix) notes.push(`Quick fix: ${fix.title}.`);
  if (notes.length > 0) lines.push('', notes.join('  \n'));
  if (options.pageLink) lines.push('', `[Open the full history](${options.pageLink(match.subject.id)})`);
  return lines.join('\n');
}

/**
 * The timeline's heading lines (name, verdict, aliases) are separate lines; Markdown would run
 * them into one paragraph, so they end in hard breaks. The list of changes after the blank line
 * is left alone.
 */
function hardBreaks(markdown: string): string {
  const blank = markdown.indexOf('\n\n');
  const head = blank === -1 ? markdown : markdown.slice(0, blank);
  return head.split('\n').join('  \n') + (blank === -1 ? '' : markdown.slice(blank));
}
