// The shared core the extension calls at run time (lint, editor logic, scaffolds). The desktop build
// puts it in its own file, dist/core.js, loaded on first use (see core-access.ts); the web build
// inlines it. Types come straight from @keyfob/shared with `import type`.
export {
  completionsAt,
  hoverAt,
  listRewritesAt,
  memberAt,
  outlineSymbols,
  quickFixesFor,
  SCAFFOLD_KINDS,
  scaffoldLabel,
  scaffoldText,
  schemaIdFor,
} from '@keyfob/shared/editor';
export { isRoleFileName, lintText } from '@keyfob/shared/lint';
export { codeDocsUrl } from '@keyfob/shared/codes';
