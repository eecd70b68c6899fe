// Public surface of the editor's API-history logic: what the extension draws for platform API
// subjects found in code (annotations, hovers, deprecation diagnostics, tree and search data).
export type { AnnotationMode, LineSpan, ViewOptions } from './view-options.ts';
export { VIEW_DEFAULTS } from './view-options.ts';
export { matchesAt, matchesInLines } from './matches-in-lines.ts';
export { chooseAnnotation, SEVERITY_RANK } from './choose-annotation.ts';
export { lineAnnotations, MAX_LINE_TEXT } from './line-annotations.ts';
export type { LineAnnotation } from './line-annotations.ts';
export { subjectKind, subjectLabel } from './subject-label.ts';
export { historyHover } from './history-hover.ts';
export type { HistoryHoverOptions } from './history-hover.ts';
export { deprecationDiagnostics, HISTORY_DEPRECATED } from './deprecation-diagnostics.ts';
export type { DeprecationDiagnostic } from './deprecation-diagnostics.ts';
export { entryByKey, entryKey } from './entry-key.ts';
export { historyByDate, presentEntry } from './history-by-date.ts';
export type { EntryPresentation, HistoryByDateOptions, HistoryYear } from './history-by-date.ts';
export { subjectsUsed } from './subjects-used.ts';
export type { Occurrence, UsedSubject } from './subjects-used.ts';
export { historySearchItems } from './search-items.ts';
export type { HistorySearchItem, HistorySearchOptions } from './search-items.ts';
export { entryPage, subjectPage } from './history-page.ts';
