import * as vscode from 'vscode';
import type { HistoryDiagnostics } from './history-diagnostics.ts';
import { HISTORY_SOURCE } from './history-diagnostics.ts';
import { rangeOf } from './ranges.ts';

/**
 * Quick fixes for the history's Deprecated diagnostics: move to the replacement where it is
 * textual (the old module-registry endpoints, `enforce` → `enforcement-level`, the build-worker
 * timeouts → `plan-timeout`/`apply-timeout`). Preferred only when the edit is complete and
 * keeps the meaning (see `replacementEdit`).
 */
export class HistoryCodeActionProvider implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(private readonly diagnostics: HistoryDiagnostics) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const ours = context.diagnostics.filter((d) => d.source === HISTORY_SOURCE);
    if (ours.length === 0) return [];
    const deprecations = this.diagnostics.deprecationsOf(document);
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of ours) {
      const start = document.offsetAt(diagnostic.range.start);
      const end = document.offsetAt(diagnostic.range.end);
      const fix = deprecations.find((d) => d.start === start && d.end === end)?.fix;
      if (!fix) continue;
      const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
      action.edit = new vscode.WorkspaceEdit();
      for (const edit of fix.edits) action.edit.replace(document.uri, rangeOf(document, edit.start, edit.end), edit.newText);
      action.diagnostics = [diagnostic];
      action.isPreferred = fix.isPreferred;
      actions.push(action);
    }
    return actions;
  }
}
