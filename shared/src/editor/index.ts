// Public surface of the editor area: pure provider logic for the VS Code extension (no vscode import).
export { applyEdits } from './text-edit.ts';
export type { TextEdit } from './text-edit.ts';
export type { CursorContext } from './cursor-context.ts';
export { yamlContextAt } from './yaml-context.ts';
export { jsonContextAt } from './json-context.ts';
export { completionsAt } from './complete.ts';
export type { CompletionOptions } from './complete.ts';
export type { CompletionEntry } from './completion-entry.ts';
export { durationSuggestions } from './duration-suggestions.ts';
export type { DurationSuggestion } from './duration-suggestions.ts';
export { fieldMarkdown } from './field-markdown.ts';
export { hoverAt } from './hover.ts';
export type { HoverOptions, HoverResult } from './hover.ts';
export type { TemplatePreviewDeps } from './template-preview.ts';
export { memberAt } from './member-at.ts';
export type { MemberAt } from './member-at.ts';
export { quickFixesFor, listRewritesAt } from './quick-fixes.ts';
export type { QuickFixContext } from './quick-fixes.ts';
export type { QuickFix } from './quick-fix.ts';
export { SUPPRESSION_REASON_PLACEHOLDER } from './suppression-fix.ts';
export { addMember, removeMember, renameKey, replaceValue } from './member-edits.ts';
export { listConversions, splitCommaList } from './list-conversion.ts';
export { outlineSymbols } from './outline.ts';
export type { OutlineDocument, OutlineSymbol } from './outline.ts';
export { fieldAt, resourceAt } from './resource-at.ts';
export type { FileKind, ResourceAt } from './resource-at.ts';
export {
  SCAFFOLD_KINDS,
  SCAFFOLD_SCHEMA_IDS,
  scaffoldFileSuffix,
  scaffoldLabel,
  scaffoldText,
  schemaIdFor,
} from './scaffolds.ts';
export type { ScaffoldKind, ScaffoldOptions } from './scaffolds.ts';
// The editor's API-history logic: annotations, hovers, deprecation diagnostics, tree and search data.
export {
  chooseAnnotation,
  deprecationDiagnostics,
  entryByKey,
  entryKey,
  entryPage,
  HISTORY_DEPRECATED,
  historyByDate,
  historyHover,
  historySearchItems,
  lineAnnotations,
  matchesAt,
  matchesInLines,
  MAX_LINE_TEXT,
  presentEntry,
  SEVERITY_RANK,
  subjectKind,
  subjectLabel,
  subjectPage,
  subjectsUsed,
  VIEW_DEFAULTS,
} from './history/index.ts';
export type {
  AnnotationMode,
  DeprecationDiagnostic,
  EntryPresentation,
  HistoryByDateOptions,
  HistoryHoverOptions,
  HistorySearchItem,
  HistorySearchOptions,
  HistoryYear,
  LineAnnotation,
  LineSpan,
  Occurrence,
  UsedSubject,
  ViewOptions,
} from './history/index.ts';
export { jwtRoleHover, policyPathHover } from './access-hover.ts';
// What a language server uses, as one object.
export { getLanguageService } from './language-service.ts';
export type { LanguageService } from './language-service.ts';
