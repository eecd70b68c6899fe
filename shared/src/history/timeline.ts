import { annotationFor } from './annotation-for.ts';
import type { ChangeLevel, Edition } from './data-types.ts';
import { judgeChange } from './newer-than.ts';
import { describeTarget } from './target.ts';
import type { Target } from './target.ts';
import type { HistorySubject, SubjectChange } from './types.ts';

/** Options of `timeline`. */
export interface TimelineOptions {
  /** `markdown` for hovers (default), `text` for a terminal. */
  readonly format?: 'markdown' | 'text';
  /** Marks the changes that are newer than this target. */
  readonly target?: Target;
}

/**
 * A subject's history for a hover or a terminal: a heading (name, type, resource, label), the
 * headline annotation, then one line per change, newest first: date, change, level (breaking,
 * deprecation, info), editions, release, change id,
 * the entry's summary, the subject's note, its replacement and the announced removal.
 *
 * @example
 * timeline(subject, { format: 'text' });
 * // enforce — attribute of policies
 * //   deprecated 2023-05-25 → use enforcement-level
 * //   2023-05-25  deprecated  both editions  Policies: `enforcement-level` added, ...
 */
export function timeline(subject: HistorySubject, options: TimelineOptions = {}): string {
  const markdown = options.format !== 'text';
  const headline = annotationFor({ subject }, options.target).text;
  const lines = [markdown ? `**${subject.name}** — ${describe(subject)}` : `${subject.name} — ${describe(subject)}`];
  lines.push(markdown ? `_${headline}_` : `  ${headline}`);
  if (subject.aliases.length > 0)
    lines.push(
      `${markdown ? '' : '  '}also written: ${subject.aliases.map((a) => (markdown ? `\`${a}\`` : a)).join(', ')}`,
    );
  if (markdown) lines.push('');
  for (const change of subject.changes) lines.push(...changeLines(change, markdown, options.target));
  return lines.join('\n');
}

function describe(subject: HistorySubject): string {
  const owner = subject.resource === undefined ? '' : ` of ${subject.resource}`;
  const label = subject.label === undefined ? '' : ` (${subject.label})`;
  return `${subject.type}${owner}${label}`;
}

function changeLines(change: SubjectChange, markdown: boolean, target: Target | undefined): string[] {
  const newer =
    target !== undefined && judgeChange(change, target).newer ? ` · newer than ${describeTarget(target)}` : '';
  const release = change.selfHostedRelease === undefined ? '' : ` · self-hosted ${change.selfHostedRelease}`;
  const meta = `${editions(change.editions)}${release}${newer} · ${change.id}`;
  const sunset = change.sunset === undefined ? undefined : `removal announced for ${change.sunset}`;
  const extra = [
    change.note,
    change.replacedBy === undefined ? undefined : `replaced by ${change.replacedBy}`,
    sunset,
  ].filter((x): x is string => x !== undefined);
  if (markdown) {
    const tail = extra.length > 0 ? ` _${extra.join('; ')}_` : '';
    return [
      `- **${change.date}** ${change.change} · ${levelLabel(change.level)} · ${meta} — ${change.entry.summary}${tail}`,
    ];
  }
  return [
    `  ${change.date}  ${change.change.padEnd(10)}  ${change.level.padEnd(11)}  ${meta}`,
    `              ${change.entry.summary}`,
    ...extra.map((e) => `              ${e}`),
  ];
}

/** The level as a hover shows it: the pressing ones stand out. */
function levelLabel(level: ChangeLevel): string {
  return level === 'info' ? 'info' : `**${level}**`;
}

function editions(list: readonly Edition[]): string {
  return list.length === 2 ? 'both editions' : `${list[0] ?? ''} only`;
}
