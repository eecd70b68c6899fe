import type { Annotation, AnnotationSeverity } from '../../history/annotation-for.ts';
import type { Match } from '../../history/match-types.ts';
import { chooseAnnotation, SEVERITY_RANK } from './choose-annotation.ts';
import { matchesInLines } from './matches-in-lines.ts';
import { VIEW_DEFAULTS } from './view-options.ts';
import type { LineSpan, ViewOptions } from './view-options.ts';

/** The end-of-line note of one line: every annotated match on it, most important first. */
export interface LineAnnotation {
  /** 1-based line. */
  readonly line: number;
  /** What is drawn after the line's end. */
  readonly text: string;
  /** The most important severity on the line. */
  readonly severity: AnnotationSeverity;
  /** The line's annotated matches, most important first, then in text order. */
  readonly items: readonly { readonly match: Match; readonly annotation: Annotation }[];
}

/** Longest text drawn after a line; longer notes are cut with an ellipsis (the hover has the rest). */
export const MAX_LINE_TEXT = 160;

/**
 * The annotations to draw for an editor: only lines within the visible spans plus `margin`
 * lines around them, at most `cap` lines, visible lines first and then margin lines by their
 * distance from the view (so a cap never hides what is on screen). One entry per line, sorted by
 * line. `matches` must be sorted by offset, as `scanText` returns them.
 *
 * @example
 * lineAnnotations(scanText(text, { languageId: 'typescript' }), [{ startLine: 1, endLine: 40 }], { mode: 'important' });
 * // [{ line: 7, text: 'deprecated 2021-06-08 → use DELETE /organizations/…', severity: 'deprecated', items: [...] }]
 */
export function lineAnnotations(
  matches: readonly Match[],
  visible: readonly LineSpan[],
  options: ViewOptions,
): LineAnnotation[] {
  const margin = Math.max(0, options.margin ?? VIEW_DEFAULTS.margin);
  const cap = Math.max(0, options.cap ?? VIEW_DEFAULTS.cap);
  if (options.mode === 'off' || cap === 0 || visible.length === 0) return [];
  const byLine = new Map<number, { match: Match; annotation: Annotation }[]>();
  for (const window of mergeSpans(
    visible.map((s) => ({ startLine: s.startLine - margin, endLine: s.endLine + margin })),
  )) {
    for (const match of matchesInLines(matches, window.startLine, window.endLine)) {
      const annotation = chooseAnnotation(match, options.mode, options.target);
      if (!annotation) continue;
      const items = byLine.get(match.line);
      if (items) items.push({ match, annotation });
      else byLine.set(match.line, [{ match, annotation }]);
    }
  }
  return [...byLine.keys()]
    .map((line) => ({ line, distance: distanceToView(line, visible) }))
    .sort((a, b) => a.distance - b.distance || a.line - b.line)
    .slice(0, cap)
    .sort((a, b) => a.line - b.line)
    .map(({ line }) => toLineAnnotation(line, byLine.get(line) ?? []));
}

function toLineAnnotation(line: number, found: readonly { match: Match; annotation: Annotation }[]): LineAnnotation {
  const items = [...found].sort(
    (a, b) =>
      SEVERITY_RANK[a.annotation.severity] - SEVERITY_RANK[b.annotation.severity] || a.match.start - b.match.start,
  );
  const first = items[0];
  return { line, text: lineText(items), severity: first?.annotation.severity ?? 'info', items };
}

/**
 * One line's text. A subject named twice on a line is noted once; when a line names several
 * subjects, each note starts with the matched text so the reader knows which is which.
 */
function lineText(items: readonly { match: Match; annotation: Annotation }[]): string {
  const seen = new Set<string>();
  const unique = items.filter(({ match }) => {
    if (seen.has(match.subject.id)) return false;
    seen.add(match.subject.id);
    return true;
  });
  const parts = unique.map(({ match, annotation }) =>
    unique.length > 1 ? `${match.subject.name}: ${annotation.text}` : annotation.text,
  );
  const text = parts.join('  ·  ');
  return text.length > MAX_LINE_TEXT ? `${text.slice(0, MAX_LINE_TEXT - 1).trimEnd()}…` : text;
}

/** Sorts spans and merges those that overlap or touch, so no line is looked at twice. */
function mergeSpans(spans: readonly LineSpan[]): LineSpan[] {
  const sorted = [...spans].sort((a, b) => a.startLine - b.startLine);
  const out: { startLine: number; endLine: number }[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span.startLine <= last.endLine + 1) last.endLine = Math.max(last.endLine, span.endLine);
    else out.push({ startLine: span.startLine, endLine: span.endLine });
  }
  return out;
}

/** 0 for a line inside a visible span, else the number of lines to the nearest one. */
function distanceToView(line: number, visible: readonly LineSpan[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (const span of visible) {
    const distance = line < span.startLine ? span.startLine - line : line > span.endLine ? line - span.endLine : 0;
    if (distance < best) best = distance;
  }
  return best;
}
