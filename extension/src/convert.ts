import * as vscode from 'vscode';
import type { TextEdit } from '@keyfob/shared/editor';
import type { OffsetRange, Problem } from '@keyfob/shared/problem';
import { codeDocsUri } from './docs-link.ts';

/** Diagnostics from keyfob carry this source, so other tools (Error Lens) can filter them. */
const DIAGNOSTIC_SOURCE = 'keyfob';

const SEVERITY: Readonly<Record<Problem['severity'], vscode.DiagnosticSeverity>> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/** An offset range of a document's text as a `vscode.Range`. */
export function toRange(document: vscode.TextDocument, range: OffsetRange): vscode.Range {
  return new vscode.Range(document.positionAt(range.start), document.positionAt(range.end));
}

/** A range given as 1-based lines/columns (problems of files that are not open). */
function lineColumnRange(problem: Problem): vscode.Range {
  const r = problem.range;
  if (!r) return new vscode.Range(0, 0, 0, 0);
  return new vscode.Range(r.startLine - 1, r.startColumn - 1, r.endLine - 1, r.endColumn - 1);
}

/**
 * A problem as a diagnostic with the same code (linked to its documentation), severity, message and
 * range as `keyfob lint`, tagged Deprecated/Unnecessary from the problem's tags.
 */
export function toDiagnostic(problem: Problem, document?: vscode.TextDocument): vscode.Diagnostic {
  const range = document && problem.range ? toRange(document, problem.range) : lineColumnRange(problem);
  const diagnostic = new vscode.Diagnostic(range, problem.message, SEVERITY[problem.severity]);
  diagnostic.source = DIAGNOSTIC_SOURCE;
  diagnostic.code = { value: problem.code, target: codeDocsUri(problem.code) };
  const tags: vscode.DiagnosticTag[] = [];
  if (problem.tags?.includes('deprecated')) tags.push(vscode.DiagnosticTag.Deprecated);
  if (problem.tags?.includes('unnecessary')) tags.push(vscode.DiagnosticTag.Unnecessary);
  if (tags.length) diagnostic.tags = tags;
  return diagnostic;
}

/** The problem code of a keyfob diagnostic, or undefined for other sources. */
export function diagnosticCode(diagnostic: vscode.Diagnostic): string | undefined {
  if (diagnostic.source !== DIAGNOSTIC_SOURCE) return undefined;
  const code = diagnostic.code;
  if (typeof code === 'object' && code !== null) return String(code.value);
  return code === undefined ? undefined : String(code);
}

/** Offset-based edits of one document as a `WorkspaceEdit`. */
export function toWorkspaceEdit(document: vscode.TextDocument, edits: readonly TextEdit[]): vscode.WorkspaceEdit {
  const edit = new vscode.WorkspaceEdit();
  for (const e of edits) edit.replace(document.uri, toRange(document, e), e.newText);
  return edit;
}
