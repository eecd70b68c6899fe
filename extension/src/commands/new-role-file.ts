import * as vscode from 'vscode';
import { SCAFFOLD_KINDS, scaffoldLabel, scaffoldText, schemaIdFor } from '@keyfob/shared/editor';
import type { ScaffoldKind } from '@keyfob/shared/editor';

/** Command id of "keyfob: New role file". */
export const NEW_ROLE_FILE = 'keyfob.newRoleFile';

type Format = 'yaml' | 'json';

/**
 * "keyfob: New role file": pick a credential type (or a static role) and a format, get an untitled
 * document holding a scaffold that lints clean. The scaffold names keyfob's schema (a yaml-language-
 * server modeline in YAML, `$schema` in JSON), so the file is recognised before it is saved and in
 * other editors. Arguments skip the pickers (used by tests and keybindings).
 */
export async function newRoleFile(
  kindArg?: ScaffoldKind,
  formatArg?: Format,
): Promise<vscode.TextDocument | undefined> {
  const kind = kindArg ?? (await pickKind());
  if (!kind) return undefined;
  const format = formatArg ?? (await pickFormat());
  if (!format) return undefined;
  const content =
    format === 'yaml'
      ? `# yaml-language-server: $schema=${schemaIdFor(kind)}\n${scaffoldText(kind, 'yaml')}`
      : scaffoldText(kind, 'json', { schema: true });
  const document = await vscode.workspace.openTextDocument({ language: format, content });
  await vscode.window.showTextDocument(document);
  return document;
}

async function pickKind(): Promise<ScaffoldKind | undefined> {
  const picked = await vscode.window.showQuickPick(
    SCAFFOLD_KINDS.map((kind) => ({
      label: kind === 'static-role' ? 'static role' : kind,
      description: scaffoldLabel(kind),
      scaffold: kind,
    })),
    { title: 'keyfob: New role file', placeHolder: 'Credential type of the new role' },
  );
  return picked?.scaffold;
}

async function pickFormat(): Promise<Format | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      { label: 'YAML', format: 'yaml' as const },
      { label: 'JSON', format: 'json' as const },
    ],
    { title: 'keyfob: New role file', placeHolder: 'File format' },
  );
  return picked?.format;
}
