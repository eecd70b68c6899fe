// Everything the API-history features call at run time: the shared index, matcher and queries,
// and the editor logic beside them. history-access.ts loads this module on first use, so
// activation only registers providers; building the index waits for the first document.
export { describeTarget, findSubjects, history, parseTarget, replacementEdit, scanText } from '@keyfob/shared';
// The editor's history logic is its own area under shared/src/editor/history (not re-exported by
// @keyfob/shared's index yet), so it is imported by path; esbuild bundles it the same way.
export {
  deprecationDiagnostics,
  entryByKey,
  entryKey,
  entryPage,
  historyByDate,
  historyHover,
  historySearchItems,
  HISTORY_DEPRECATED,
  lineAnnotations,
  matchesAt,
  presentEntry,
  subjectKind,
  subjectLabel,
  subjectPage,
  subjectsUsed,
} from '../../../shared/src/editor/history/index.ts';
