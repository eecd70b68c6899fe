import * as vscode from 'vscode';
import { core } from '../core-access.ts';
import type { OutlineSymbol } from '@keyfob/shared/editor';
import { toRange } from '../convert.ts';
import type { LintCache } from '../lint-cache.ts';
import type { RoleFiles } from '../role-files.ts';

/** The outline of a role file: one symbol per role (several in a multi-document file), fields below. */
export class RoleSymbolProvider implements vscode.DocumentSymbolProvider {
  constructor(
    private readonly roleFiles: RoleFiles,
    private readonly cache: LintCache,
  ) {}

  provideDocumentSymbols(document: vscode.TextDocument): vscode.DocumentSymbol[] {
    if (!this.roleFiles.isRoleFile(document)) return [];
    const result = this.cache.get(document);
    const documents = result.documents.map((d) => ({ index: d.index, kind: d.kind, ...(d.name ? { name: d.name } : {}) }));
    return core().outlineSymbols(result.file, documents).map((symbol) => toSymbol(document, symbol));
  }
}

function toSymbol(document: vscode.TextDocument, symbol: OutlineSymbol): vscode.DocumentSymbol {
  const kind = symbol.kind === 'field' ? vscode.SymbolKind.Field : vscode.SymbolKind.Class;
  const range = toRange(document, symbol.range);
  const selection = toRange(document, symbol.selectionRange);
  const result = new vscode.DocumentSymbol(symbol.name, symbol.detail, kind, range, range.contains(selection) ? selection : range);
  result.children = symbol.children.map((child) => toSymbol(document, child));
  return result;
}
