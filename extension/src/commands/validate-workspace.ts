import * as vscode from 'vscode';
import { includeGlobs } from '../settings.ts';
import { filesOf, keyfobFilesOf } from '../workspace-files.ts';
import type { FileText, WorkspaceDiagnostics } from '../workspace-diagnostics.ts';

/** Command id of "keyfob: Validate all role files in the workspace". */
export const VALIDATE_WORKSPACE = 'keyfob.validateWorkspace';

/** What a workspace validation found (returned to callers such as tests). */
export interface ValidationSummary {
  readonly files: number;
  readonly problems: number;
  readonly errors: number;
}

const MAX_FILES = 5000;

/**
 * Lints every role file of the workspace (built-in names plus `keyfob.roleFiles.include`) through
 * the language server and lists the problems of files that are not open in the Problems panel.
 * Reads through `workspace.fs`, so it also works in virtual workspaces; open documents are linted
 * from their current (possibly unsaved) text.
 */
export async function validateWorkspace(results: WorkspaceDiagnostics): Promise<ValidationSummary> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'keyfob: validating role files' },
    async () => {
      // Per folder: the names `keyfob lint` walks, plus the folder's `keyfob.roleFiles.include` globs.
      const uris = new Map<string, vscode.Uri>();
      for (const folder of vscode.workspace.workspaceFolders ?? []) {
        const found = await Promise.all([
          keyfobFilesOf(folder, MAX_FILES),
          ...includeGlobs(folder.uri).map((glob) => filesOf(folder, glob, MAX_FILES)),
        ]);
        for (const { uri } of found.flat()) uris.set(uri.toString(), uri);
      }
      const files = await Promise.all([...uris.values()].map(readFile));
      const found = await results.lint(files);
      let problems = 0;
      let errors = 0;
      for (const file of files) {
        const diagnostics = found.get(file.uri.toString()) ?? [];
        problems += diagnostics.length;
        errors += diagnostics.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length;
        results.report(file.uri, diagnostics);
      }
      const summary = { files: uris.size, problems, errors };
      void vscode.window.showInformationMessage(
        `keyfob: ${summary.files} role file(s), ${problems} problem(s), ${errors} error(s).`,
      );
      return summary;
    },
  );
}

async function readFile(uri: vscode.Uri): Promise<FileText> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return { uri, languageId: open.languageId, text: open.getText() };
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  return { uri, languageId: /\.ya?ml$/i.test(uri.path) ? 'yaml' : /\.hcl$/i.test(uri.path) ? 'hcl' : 'json', text };
}
