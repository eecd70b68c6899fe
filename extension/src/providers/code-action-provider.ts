import * as vscode from 'vscode';
import { core } from '../core-access.ts';
import type { QuickFix } from '@keyfob/shared/editor';
import type { Problem } from '@keyfob/shared/problem';
import { diagnosticCode, toWorkspaceEdit } from '../convert.ts';
import type { LintCache } from '../lint-cache.ts';
import type { RoleFiles } from '../role-files.ts';

/** Quick fixes for keyfob diagnostics and list rewrites, computed in shared/src/editor and converted here. */
export class RoleCodeActionProvider implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = {
    providedCodeActionKinds: [vscode.CodeActionKind.QuickFix, vscode.CodeActionKind.RefactorRewrite],
  };

  constructor(
    private readonly roleFiles: RoleFiles,
    private readonly cache: LintCache,
  ) {}

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    if (!this.roleFiles.isRoleFile(document)) return [];
    const result = this.cache.get(document);
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      const problem = matchProblem(document, result.problems, diagnostic);
      if (!problem) continue;
      const kind = this.cache.kindOf(result, problem.document ?? 0);
      for (const fix of core().quickFixesFor(problem, { file: result.file, ...(kind ? { kind } : {}) })) {
        actions.push(toAction(document, fix, diagnostic));
      }
    }
    const member = core().memberAt(result.file, document.offsetAt(range.start));
    if (member) {
      const kind = this.cache.kindOf(result, member.document.index);
      const pointer = /\/\d+$/.test(member.pointer) ? member.pointer.replace(/\/\d+$/, '') : member.pointer;
      for (const fix of core().listRewritesAt({ file: result.file, ...(kind ? { kind } : {}) }, member.document.index, pointer)) {
        actions.push(toAction(document, fix));
      }
    }
    return actions;
  }
}

/** The problem behind a diagnostic: same code and same start offset. */
function matchProblem(document: vscode.TextDocument, problems: readonly Problem[], diagnostic: vscode.Diagnostic): Problem | undefined {
  const code = diagnosticCode(diagnostic);
  if (!code) return undefined;
  const start = document.offsetAt(diagnostic.range.start);
  return problems.find((p) => p.code === code && (p.range?.start ?? 0) === start);
}

function toAction(document: vscode.TextDocument, fix: QuickFix, diagnostic?: vscode.Diagnostic): vscode.CodeAction {
  const kind = fix.kind === 'quickfix' ? vscode.CodeActionKind.QuickFix : vscode.CodeActionKind.RefactorRewrite;
  const action = new vscode.CodeAction(fix.title, kind);
  action.edit = toWorkspaceEdit(document, fix.edits);
  if (diagnostic) action.diagnostics = [diagnostic];
  if (fix.isPreferred) action.isPreferred = true;
  return action;
}
