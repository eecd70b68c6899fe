// Public surface of the lint area: one call from text to ranged problems, used by the CLI, the
// action and the extension alike.
export { lintText } from './lint-text.ts';
export type { LintedDocument, LintResult } from './lint-text.ts';
export { checkOf } from './validate-document.ts';
export type { DocumentCheck } from './validate-document.ts';
export { isRoleFileName, kindFromFileName, nameFromFileName, needsHclParser } from './detect-kind.ts';
export { FileLinter } from './file-linter.ts';
export { trustContextOf } from './trust-context.ts';
export type { TrustContext } from '../jwt-roles/index.ts';
export { WORKSPACE_LIMITS } from './workspace-limits.ts';
export type { TerraformContext } from './terraform-file.ts';
export { terraformContextOf } from './terraform-context.ts';
export { TerraformTree, textTerraformFs } from './terraform-tree.ts';
export type { TerraformFs } from './terraform-tree.ts';
