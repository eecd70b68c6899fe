// Public surface of the access area: "who can get what" from JWT roles, ACL policies and roles,
// evaluated with the engine's own ACL (shared/src/policies) and claim semantics (shared/src/jwt-roles),
// and rendered as text, Markdown and JSON for `keyfob access`, the action's job summary and the editor.
export type { AccessInputs, AccessJwtRole, AccessReport } from './access-types.ts';
export { buildAccessReport } from './build-access-report.ts';
export { describeLogins } from './describe-logins.ts';
export { renderAccessMarkdown, renderAccessText } from './render-access.ts';
export { collectAccessFiles, createAccessReadCache, isAccessFileName } from './collect-access-files.ts';
export type { AccessFileText } from './collect-access-files.ts';
export { readEngineAccess } from './read-engine-access.ts';
export { readEngineAccessModel } from './engine-access-model.ts';
export { describeJwtRoleAccess, loginsText } from './describe-access.ts';
export { DEFAULT_MOUNTS, ENGINE_PATHS, fillEnginePath } from './engine-paths.ts';
export { isAccessModelFileName, readAccessModel } from './access-model.ts';
export type { AccessModel } from './access-model.ts';
export { gitRunner, isGitRef, readRevisionFiles } from './git-revision.ts';
export type { GitRunner, RevisionFile, Spawn } from './git-revision.ts';
export { diffAccess } from './diff-access.ts';
export type { AccessChange, AccessDiff } from './diff-types.ts';
export { ACCESS_FAIL_ON, diffFindings, failingChanges, renderDiffMarkdown, renderDiffText } from './render-diff.ts';
export type { AccessFailOn } from './render-diff.ts';
