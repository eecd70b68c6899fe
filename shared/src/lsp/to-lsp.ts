import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeActionKind,
  CompletionItemKind,
  DiagnosticSeverity,
  DiagnosticTag,
  InsertTextFormat,
  MarkupKind,
  SymbolKind,
} from 'vscode-languageserver-types';
import type {
  CodeAction,
  CompletionItem,
  Diagnostic,
  DocumentSymbol,
  Range,
  TextEdit,
} from 'vscode-languageserver-types';
import { codeDocsUrl } from '../codes/index.ts';
import type { CompletionEntry, DeprecationDiagnostic, OutlineSymbol, QuickFix } from '../editor/index.ts';
import type { OffsetRange, Problem } from '../problem.ts';

/** `source` of role-file diagnostics (the same as the CLI's), so tools can filter them. */
const LINT_SOURCE = 'keyfob';
/** `source` of the API history's diagnostics in code. */
const HISTORY_SOURCE = 'keyfob history';

const SEVERITY: Readonly<Record<Problem['severity'], DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** An offset range of the document as an LSP range (UTF-16 positions, as offsets count). */
export function toRange(document: TextDocument, range: OffsetRange): Range {
  return { start: document.positionAt(range.start), end: document.positionAt(range.end) };
}

/** A lint problem as a diagnostic: the same code (linked to its docs entry), severity, message and range as `keyfob lint`. */
export function problemDiagnostic(document: TextDocument, problem: Problem): Diagnostic {
  const tags: DiagnosticTag[] = [];
  if (problem.tags?.includes('deprecated')) tags.push(DiagnosticTag.Deprecated);
  if (problem.tags?.includes('unnecessary')) tags.push(DiagnosticTag.Unnecessary);
  return {
    range: toRange(document, problem.range ?? { start: 0, end: 0 }),
    severity: SEVERITY[problem.severity],
    code: problem.code,
    codeDescription: { href: codeDocsUrl(problem.code) },
    source: LINT_SOURCE,
    message: problem.message,
    ...(tags.length > 0 ? { tags } : {}),
  };
}

/** A deprecated API subject in code as a diagnostic with the Deprecated tag (editors strike it through). */
export function deprecationDiagnostic(document: TextDocument, found: DeprecationDiagnostic): Diagnostic {
  return {
    range: toRange(document, found),
    severity: found.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
    code: found.code,
    codeDescription: { href: codeDocsUrl(found.code) },
    source: HISTORY_SOURCE,
    message: found.message,
    tags: [DiagnosticTag.Deprecated],
  };
}

const COMPLETION_KINDS: Readonly<Record<CompletionEntry['kind'], CompletionItemKind>> = {
  field: CompletionItemKind.Property,
  value: CompletionItemKind.Value,
  snippet: CompletionItemKind.Snippet,
};

/** A completion entry as an item replacing its range; `retrigger` names the client's suggest command, when it has one. */
export function completionItem(
  document: TextDocument,
  entry: CompletionEntry,
  retrigger: string | undefined,
): CompletionItem {
  return {
    label: entry.label,
    kind: COMPLETION_KINDS[entry.kind],
    textEdit: { range: toRange(document, entry.replace), newText: entry.insertText },
    insertTextFormat: entry.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    sortText: entry.sortText,
    ...(entry.filterText ? { filterText: entry.filterText } : {}),
    ...(entry.detail ? { detail: entry.detail } : {}),
    ...(entry.documentation ? { documentation: { kind: MarkupKind.Markdown, value: entry.documentation } } : {}),
    ...(entry.retrigger && retrigger ? { command: { title: 'Suggest values', command: retrigger } } : {}),
  };
}

/** A quick fix or rewrite as a code action with one document's edits. */
export function codeAction(document: TextDocument, fix: QuickFix, diagnostics: readonly Diagnostic[]): CodeAction {
  const edits: TextEdit[] = fix.edits.map((e) => ({ range: toRange(document, e), newText: e.newText }));
  return {
    title: fix.title,
    kind: fix.kind === 'quickfix' ? CodeActionKind.QuickFix : CodeActionKind.RefactorRewrite,
    edit: { changes: { [document.uri]: edits } },
    ...(diagnostics.length > 0 ? { diagnostics: [...diagnostics] } : {}),
    ...(fix.isPreferred ? { isPreferred: true } : {}),
  };
}

/** An outline entry (a role, its fields) as a document symbol. */
export function documentSymbol(document: TextDocument, symbol: OutlineSymbol): DocumentSymbol {
  const range = toRange(document, symbol.range);
  const inside = symbol.selectionRange.start >= symbol.range.start && symbol.selectionRange.end <= symbol.range.end;
  return {
    name: symbol.name || ' ',
    detail: symbol.detail,
    kind: symbol.kind === 'field' ? SymbolKind.Field : SymbolKind.Class,
    range,
    selectionRange: inside ? toRange(document, symbol.selectionRange) : range,
    children: symbol.children.map((child) => documentSymbol(document, child)),
  };
}
