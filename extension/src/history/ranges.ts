import * as vscode from 'vscode';

/** The editor range of a half-open offset span of a document's text. */
export function rangeOf(document: vscode.TextDocument, start: number, end: number): vscode.Range {
  return new vscode.Range(document.positionAt(start), document.positionAt(end));
}

/** VS Code's visible ranges as 1-based inclusive line spans, the unit of the shared view logic. */
export function lineSpans(ranges: readonly vscode.Range[]): { startLine: number; endLine: number }[] {
  return ranges.map((range) => ({ startLine: range.start.line + 1, endLine: range.end.line + 1 }));
}
