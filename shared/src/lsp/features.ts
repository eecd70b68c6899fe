import type { TextDocument } from 'vscode-languageserver-textdocument';
import { MarkupKind } from 'vscode-languageserver-types';
import type {
  CodeAction,
  CompletionItem,
  Diagnostic,
  DocumentSymbol,
  Hover,
  InlayHint,
  Range,
} from 'vscode-languageserver-types';
import { completionsAt } from '../editor/complete.ts';
import { deprecationDiagnostics } from '../editor/history/deprecation-diagnostics.ts';
import { historyHover } from '../editor/history/history-hover.ts';
import { lineAnnotations } from '../editor/history/line-annotations.ts';
import { matchesAt } from '../editor/history/matches-in-lines.ts';
import { hoverAt } from '../editor/hover.ts';
import { memberAt } from '../editor/member-at.ts';
import { outlineSymbols } from '../editor/outline.ts';
import type { QuickFix } from '../editor/quick-fix.ts';
import { listRewritesAt, quickFixesFor } from '../editor/quick-fixes.ts';
import type { FileKind } from '../editor/resource-at.ts';
import type { TemplatePreviewDeps } from '../editor/template-preview.ts';
import type { LintResult } from '../lint/index.ts';
import type { OpenDocument } from './open-document.ts';
import type { HistorySettings } from './settings.ts';
import {
  codeAction,
  completionItem,
  deprecationDiagnostic,
  documentSymbol,
  problemDiagnostic,
  toRange,
} from './to-lsp.ts';

// Each feature is a function of one open document (its cached lint and scan), the settings and a
// position: the whole translation between shared/src/editor and the protocol, for every client.

/** What the features need beside the document. */
export interface FeatureContext {
  readonly history: HistorySettings;
  /** Clock and randomness for the username preview in hovers. */
  readonly template: TemplatePreviewDeps;
  /** Options the client gave in `initializationOptions`. */
  readonly client: ClientOptions;
}

/** `initializationOptions` a client may send; other editors send none and get plain links and no commands. */
export interface ClientOptions {
  /** A client command that opens the suggest widget again (VS Code: `editor.action.triggerSuggest`). */
  readonly suggestCommand?: string;
  /** A client command opening an API subject's page: hovers then link to `command:<id>?[subjectId]`. */
  readonly historyPageCommand?: string;
}

/** Every diagnostic of a document: its lint problems (keyfob files) and deprecated API subjects (any text). */
export function diagnosticsOf(open: OpenDocument, history: HistorySettings): Diagnostic[] {
  const document = open.document;
  const lint = open.lint();
  const found = lint ? lint.problems.map((p) => problemDiagnostic(document, p)) : [];
  if (history.diagnostics)
    found.push(...deprecationDiagnostics(open.scan(), history.target).map((d) => deprecationDiagnostic(document, d)));
  return found;
}

/** Field docs and value previews in keyfob files; elsewhere (and where those have none) an API subject's history. */
export function hoverOf(open: OpenDocument, offset: number, context: FeatureContext): Hover | undefined {
  const document = open.document;
  const lint = open.lint();
  if (lint) {
    const found = hoverAt(lint.file, offset, { kindOf: (index) => kindOf(lint, index), template: context.template });
    if (found)
      return { contents: { kind: MarkupKind.Markdown, value: found.markdown }, range: toRange(document, found.range) };
  }
  const matches = matchesAt(open.scan(), offset);
  const first = matches[0];
  if (!first) return undefined;
  const command = context.client.historyPageCommand;
  const markdown = historyHover(matches, {
    target: context.history.target,
    ...(command ? { pageLink: (id: string) => `command:${command}?${encodeURIComponent(JSON.stringify([id]))}` } : {}),
  });
  return markdown === undefined
    ? undefined
    : { contents: { kind: MarkupKind.Markdown, value: markdown }, range: toRange(document, first) };
}

/** Keys, values and scaffolds at a position of a keyfob file. */
export function completionsOf(open: OpenDocument, offset: number, context: FeatureContext): CompletionItem[] {
  const lint = open.lint();
  const target = open.target;
  if (!lint || !target) return [];
  const index = lint.file.documents.findIndex((d) => offset >= d.range.start && offset <= d.range.end);
  const kind = kindOf(lint, Math.max(0, index));
  return completionsAt(lint.file.text, offset, { format: target.format, kind }).map((entry) =>
    completionItem(open.document, entry, context.client.suggestCommand),
  );
}

/**
 * Quick fixes for the problems and deprecated subjects overlapping the range, and list rewrites of
 * the member under its start. Computed from the server's own results, not the client's copy of the
 * diagnostics, so every client gets the same answer; each fix appears once.
 */
export function codeActionsOf(open: OpenDocument, start: number, end: number, context: FeatureContext): CodeAction[] {
  const document = open.document;
  const actions: CodeAction[] = [];
  const seen = new Set<string>();
  const add = (fix: QuickFix, diagnostics: Diagnostic[]): void => {
    const key = `${fix.title}\u0000${JSON.stringify(fix.edits)}`;
    if (seen.has(key)) return;
    seen.add(key);
    actions.push(codeAction(document, fix, diagnostics));
  };
  const lint = open.lint();
  if (lint) {
    for (const problem of lint.problems) {
      if (!problem.range || !overlaps(problem.range, start, end)) continue;
      const kind = kindOf(lint, problem.document ?? 0);
      for (const fix of quickFixesFor(problem, { file: lint.file, ...(kind ? { kind } : {}) }))
        add(fix, [problemDiagnostic(document, problem)]);
    }
    const member = memberAt(lint.file, start);
    if (member) {
      const kind = kindOf(lint, member.document.index);
      const pointer = member.pointer.replace(/\/\d+$/, '');
      for (const fix of listRewritesAt({ file: lint.file, ...(kind ? { kind } : {}) }, member.document.index, pointer))
        add(fix, []);
    }
  }
  for (const found of deprecationDiagnostics(open.scan(), context.history.target)) {
    if (!found.fix || !overlaps(found, start, end)) continue;
    const edits = found.fix.edits.map((e) => ({ start: e.start, end: e.end, newText: e.newText }));
    add({ title: found.fix.title, kind: 'quickfix', edits, isPreferred: found.fix.isPreferred }, [
      deprecationDiagnostic(document, found),
    ]);
  }
  return actions;
}

/** The outline of a keyfob file: one symbol per role or manifest, its fields below. */
export function symbolsOf(open: OpenDocument): DocumentSymbol[] {
  const lint = open.lint();
  if (!lint) return [];
  const documents = lint.documents.map((d) => ({ index: d.index, kind: d.kind, ...(d.name ? { name: d.name } : {}) }));
  return outlineSymbols(lint.file, documents).map((symbol) => documentSymbol(open.document, symbol));
}

/** The API-history notes of the lines in range, as hints at the end of each line. */
export function inlayHintsOf(open: OpenDocument, range: Range, history: HistorySettings): InlayHint[] {
  if (history.annotations === 'off' || history.style === 'decoration') return [];
  const matches = open.scan();
  if (matches.length === 0) return [];
  const document = open.document;
  const span = { startLine: range.start.line + 1, endLine: range.end.line + 1 };
  return lineAnnotations(matches, [span], { mode: history.annotations, target: history.target, margin: 0 }).map(
    (annotation) => ({
      position: lineEnd(document, annotation.line - 1),
      label: annotation.text,
      paddingLeft: true,
      tooltip: annotation.items.map((item) => `${item.match.subject.name}: ${item.annotation.text}`).join('\n'),
    }),
  );
}

function lineEnd(document: TextDocument, line: number): { line: number; character: number } {
  const text = document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
  return { line, character: text.replace(/\r?\n$/, '').length };
}

function kindOf(lint: LintResult, index: number): FileKind | undefined {
  return (lint.documents.find((d) => d.index === index) ?? lint.documents[0])?.kind;
}

function overlaps(range: { start: number; end: number }, start: number, end: number): boolean {
  return range.start <= end && range.end >= start;
}
