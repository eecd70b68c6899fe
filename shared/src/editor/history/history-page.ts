import { describeTarget } from '../../history/target.ts';
import type { Target } from '../../history/target.ts';
import { timeline } from '../../history/timeline.ts';
import type { HistoryEntry, HistorySubject } from '../../history/types.ts';
import { presentEntry } from './history-by-date.ts';
import { subjectKind, subjectLabel } from './subject-label.ts';

/**
 * A read-only Markdown page for a subject: its timeline (newest first, changes after the target
 * marked) and the places it is used, when the caller knows them (`file:line` strings).
 */
export function subjectPage(
  subject: HistorySubject,
  options: { readonly target?: Target | undefined; readonly usedAt?: readonly string[] } = {},
): string {
  const lines = [
    `# ${subjectLabel(subject)}`,
    '',
    timeline(subject, { format: 'markdown', ...(options.target ? { target: options.target } : {}) }),
  ];
  if (options.target)
    lines.push('', `Target: ${describeTarget(options.target)} (setting \`keyfob.apiHistory.target\`).`);
  if (options.usedAt && options.usedAt.length > 0)
    lines.push('', '## Used in this workspace', '', ...options.usedAt.map((place) => `- ${place}`));
  return `${lines.join('\n')}\n`;
}

/** A read-only Markdown page for an entry: date, kind, editions, release, summary, and what it did to each subject. */
export function entryPage(entry: HistoryEntry, options: { readonly target?: Target | undefined } = {}): string {
  const shown = presentEntry(entry, options.target);
  const lines = [`# ${entry.date} — ${entry.kind}`, '', entry.summary, ''];
  const release = entry.selfHostedRelease === undefined ? '' : `; self-hosted release ${entry.selfHostedRelease}`;
  lines.push(
    `Editions: ${entry.editions.join(', ')}${release}${entry.editionNote === undefined ? '' : ` (${entry.editionNote})`}.`,
  );
  if (shown.newer && options.target) lines.push('', `Newer than the target (${describeTarget(options.target)}).`);
  lines.push('', '## Subjects', '');
  for (const { subject, change } of entry.changes) {
    const extra = [
      change.deprecated ? 'deprecated' : '',
      change.replacedBy === undefined ? '' : `replaced by \`${change.replacedBy}\``,
      change.note ?? '',
    ].filter((s) => s !== '');
    lines.push(
      `- **${change.change}** \`${subjectLabel(subject)}\` — ${subjectKind(subject)}${extra.length > 0 ? `; ${extra.join('; ')}` : ''}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
