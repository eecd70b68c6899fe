// Public surface of the editor's API-history logic: what the extension draws for platform API
// subjects found in code (annotations, hovers, deprecation diagnostics, tree and search data).
export type { AnnotationMode } from './view-options.ts';
export { matchesAt } from './matches-in-lines.ts';
export { lineAnnotations } from './line-annotations.ts';
export type { LineAnnotation } from './line-annotations.ts';
export { subjectKind, subjectLabel } from './subject-label.ts';
export { deprecationDiagnostics } from './deprecation-diagnostics.ts';
export type { DeprecationDiagnostic } from './deprecation-diagnostics.ts';
export { entryByKey, entryKey } from './entry-key.ts';
export { historyByDate, presentEntry } from './history-by-date.ts';
export { subjectsUsed } from './subjects-used.ts';
export type { UsedSubject } from './subjects-used.ts';
export { historySearchItems } from './search-items.ts';
export type { HistorySearchItem } from './search-items.ts';
export { entryPage, subjectPage } from './history-page.ts';
