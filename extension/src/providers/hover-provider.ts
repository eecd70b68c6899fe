import * as vscode from 'vscode';
import { core } from '../core-access.ts';
import { toRange } from '../convert.ts';
import type { LintCache } from '../lint-cache.ts';
import type { RoleFiles } from '../role-files.ts';

// The example username in a hover uses the real clock and randomness; shared/ only receives them.
const TEMPLATE_DEPS = { now: () => new Date(), randomInt: (max: number) => Math.floor(Math.random() * max) };

/** Hover documentation of fields and previews of values in role files. */
export class RoleHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly roleFiles: RoleFiles,
    private readonly cache: LintCache,
  ) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    if (!this.roleFiles.isRoleFile(document)) return undefined;
    const result = this.cache.get(document);
    const hover = core().hoverAt(result.file, document.offsetAt(position), {
      kindOf: (index) => this.cache.kindOf(result, index),
      template: TEMPLATE_DEPS,
    });
    if (!hover) return undefined;
    return new vscode.Hover(new vscode.MarkdownString(hover.markdown), toRange(document, hover.range));
  }
}
