import * as vscode from 'vscode';
import { core } from '../core-access.ts';
import { toDiagnostic } from '../convert.ts';
import type { DiagnosticsController } from '../diagnostics.ts';
import type { RoleFiles } from '../role-files.ts';

/** Command id of "keyfob: Validate all role files in the workspace". */
export const VALIDATE_WORKSPACE = 'keyfob.validateWorkspace';

/** What a workspace validation found (returned to callers such as tests). */
export interface ValidationSummary {
  readonly files: number;
  readonly problems: number;
  readonly errors: number;
}

const EXCLUDE = '**/{node_modules,.git,dist}/**';
const MAX_FILES = 5000;

/**
 * Lints every role file of the workspace (built-in names plus `keyfob.roleFiles.include`) and puts
 * the results in the Problems panel. Reads through `workspace.fs`, so it also works in virtual
 * workspaces; open documents are linted from their current (possibly unsaved) text.
 */
export async function validateWorkspace(roleFiles: RoleFiles, diagnostics: DiagnosticsController): Promise<ValidationSummary> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'keyfob: validating role files' },
    async () => {
      const uris = new Map<string, vscode.Uri>();
      for (const pattern of roleFiles.patterns()) {
        for (const uri of await vscode.workspace.findFiles(pattern, EXCLUDE, MAX_FILES)) uris.set(uri.toString(), uri);
      }
      let problems = 0;
      let errors = 0;
      for (const uri of uris.values()) {
        const found = await lintUri(uri, roleFiles);
        problems += found.length;
        errors += found.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length;
        diagnostics.collection.set(uri, found);
        diagnostics.workspaceReported.add(uri.toString());
      }
      const summary = { files: uris.size, problems, errors };
      void vscode.window.showInformationMessage(`keyfob: ${summary.files} role file(s), ${problems} problem(s), ${errors} error(s).`);
      return summary;
    },
  );
}

async function lintUri(uri: vscode.Uri, roleFiles: RoleFiles): Promise<vscode.Diagnostic[]> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  const text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  const name = open ? roleFiles.lintFileName(open) : roleFiles.lintFileNameOf(uri);
  const result = core().lintText(text, { fileName: name, format: /\.ya?ml$/i.test(name) ? 'yaml' : 'json' });
  return result.problems.map((p) => toDiagnostic(p, open));
}
