// Public surface of the JWT roles area: the real engine's JWT auth role (GitHub OIDC trust) read
// from a write or a file, and the claim checks of its login, shared by the engine, the linter
// and `keyfob access`.
export type { JwtRole } from './jwt-role-types.ts';
export { JWT_LEEWAY_DEFAULTS } from './jwt-role-types.ts';
export { readJwtRole } from './read-jwt-role.ts';
export { JWT_OLDER_NAMES, JWT_ROLE_WIRE } from './jwt-role-wire.ts';
export type { JwtWireKind } from './jwt-role-wire.ts';
export { addressAllowed } from './bound-cidrs.ts';
export { checkBoundClaims, checkGroupsClaim, globMatch, mappedMetadata, userClaimValue } from './check-claims.ts';
export type { JwtClaims } from './check-claims.ts';
export { checkTimes } from './check-times.ts';
export { lintJwtTrust } from './lint-trust.ts';
export { hasGithubClaims, mayBeGithubRole } from './github-claims.ts';
export { ISSUER_CLAIMS } from './issuer-claims.ts';
export type { TrustContext } from './lint-trust.ts';
export { readWorkflowFacts } from './workflow-facts.ts';
export { GITHUB_IDS_FILE, githubIdsFromContext, mergeGithubIds, readGithubIds } from './github-ids.ts';
export type { GithubIds } from './github-ids.ts';
export { parseGithubSubject } from './subject-format.ts';
