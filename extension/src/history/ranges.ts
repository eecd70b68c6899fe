import type * as vscode from 'vscode';

/** VS Code's visible ranges as 1-based inclusive line spans, the unit of the shared view logic. */
export function lineSpans(ranges: readonly vscode.Range[]): { startLine: number; endLine: number }[] {
  return ranges.map((range) => ({ startLine: range.start.line + 1, endLine: range.end.line + 1 }));
}
