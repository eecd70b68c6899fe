// Public surface of the editor area: pure provider logic for the VS Code extension (no vscode import).
export { applyEdits } from './text-edit.ts';
export { completionsAt } from './complete.ts';
export type { CompletionEntry } from './completion-entry.ts';
export { fieldMarkdown } from './field-markdown.ts';
export { hoverAt } from './hover.ts';
export type { HoverResult } from './hover.ts';
export type { TemplatePreviewDeps } from './template-preview.ts';
export type { QuickFix } from './quick-fix.ts';
export type { OutlineSymbol } from './outline.ts';
export type { FileKind } from './resource-at.ts';
export { SCAFFOLD_KINDS, scaffoldLabel, scaffoldText, schemaIdFor } from './scaffolds.ts';
export type { ScaffoldKind } from './scaffolds.ts';
// The editor's API-history logic: annotations, hovers, deprecation diagnostics, tree and search data.
export {
  deprecationDiagnostics,
  entryByKey,
  entryKey,
  entryPage,
  historyByDate,
  historySearchItems,
  lineAnnotations,
  matchesAt,
  presentEntry,
  subjectKind,
  subjectLabel,
  subjectPage,
  subjectsUsed,
} from './history/index.ts';
export type {
  AnnotationMode,
  DeprecationDiagnostic,
  HistorySearchItem,
  LineAnnotation,
  UsedSubject,
} from './history/index.ts';
export { jwtRoleHover, policyPathHover } from './access-hover.ts';
// What a language server uses, as one object.
export { getLanguageService } from './language-service.ts';
