// Everything the API-history features call at run time: the shared index, matcher and queries,
// and the editor logic beside them. history-access.ts loads this module on first use, so
// activation only registers providers; building the index waits for the first document.
//
// Both come from their areas' index files rather than the @keyfob/shared barrel: the barrel would
// pull the whole lint core (yaml, ajv, the schemas) into dist/extension.js, which dist/core.js
// already carries. The editor's history area is not re-exported by the barrel yet either.
export { history, parseTarget, scanText } from '../../../shared/src/history/index.ts';
export {
  deprecationDiagnostics,
  entryByKey,
  entryKey,
  entryPage,
  historyByDate,
  historyHover,
  historySearchItems,
  lineAnnotations,
  matchesAt,
  presentEntry,
  subjectKind,
  subjectLabel,
  subjectPage,
  subjectsUsed,
} from '../../../shared/src/editor/history/index.ts';
