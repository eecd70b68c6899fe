// Everything the API-history features call at run time: the shared index, matcher and queries,
// and the editor logic beside them. history-access.ts loads this module on first use, so
// activation only registers providers; building the index waits for the first document.
//
// They come from the history and editor entry points only; with shared's "sideEffects": false the
// bundle keeps just what is named here, not the lint core (yaml, the schemas) that dist/core.js carries.
export {
  factsConcern,
  history,
  listProjectFiles,
  looksBinary,
  NO_FACTS,
  parseTarget,
  projectFacts,
  scanFile,
  scanText,
  WorkspaceProjectFacts,
} from '@keyfob/shared/history';
export {
  entryByKey,
  entryKey,
  entryPage,
  historyByDate,
  historySearchItems,
  lineAnnotations,
  presentEntry,
  subjectKind,
  subjectLabel,
  subjectPage,
  subjectsUsed,
} from '@keyfob/shared/editor';
// Terraform's provider uses are read with keyfob's HCL parser, loaded once (as the language server does).
export { loadHclParser } from '@keyfob/shared/hcl';
