import { isRecord } from '../text/index.ts';

/**
 * The claims of a GitHub Actions OIDC token (GitHub docs, "About security hardening with OpenID
 * Connect": the standard claims and GitHub's own). A role that requires any other claim, or names
 * another as its user claim, is not for GitHub's tokens: they can never log in with it.
 */
const GITHUB_TOKEN_CLAIMS: ReadonlySet<string> = new Set([
  'iss',
  'sub',
  'aud',
  'exp',
  'iat',
  'nbf',
  'jti',
  'actor',
  'actor_id',
  'base_ref',
  'check_run_id',
  'enterprise',
  'enterprise_id',
  'environment',
  'environment_node_id',
  'event_name',
  'head_ref',
  'job_workflow_ref',
  'job_workflow_sha',
  'ref',
  'ref_protected',
  'ref_type',
  'repository',
  'repository_id',
  'repository_owner',
  'repository_owner_id',
  'repository_visibility',
  'run_attempt',
  'run_id',
  'run_number',
  'runner_environment',
  'sha',
  'workflow',
  'workflow_ref',
  'workflow_sha',
]);

/**
 * Whether GitHub Actions tokens could log in with a JWT role (its write or file body), so GitHub's
 * trust rules apply: false when it binds a claim GitHub's tokens do not carry (GitLab's
 * `project_id`, Terraform Cloud's `terraform_workspace_id`), names such a `user_claim` (the engine
 * refuses a token without it), or binds a `sub` that cannot start with `repo:` (Terraform Cloud's
 * `organization:…`). Unknown issuers count as GitHub: the rules stay on.
 */
export function mayBeGithubRole(params: Readonly<Record<string, unknown>>): boolean {
  const pointer = params.user_claim_json_pointer === true;
  const user = params.user_claim;
  if (typeof user === 'string' && !pointer && !user.startsWith('/') && !GITHUB_TOKEN_CLAIMS.has(user)) return false;
  const claims = isRecord(params.bound_claims) ? params.bound_claims : {};
  // A JSON Pointer (`/a/b`) names a nested claim; GitHub's tokens have none.
  if (Object.keys(claims).some((c) => !GITHUB_TOKEN_CLAIMS.has(c))) return false;
  const glob = params.bound_claims_type === 'glob';
  const sub: unknown = claims.sub;
  const subjects: unknown[] = [params.bound_subject, ...(Array.isArray(sub) ? (sub as unknown[]) : [sub])];
  return !subjects.some(
    (s, i) => typeof s === 'string' && s.trim() !== '' && !mayBeRepoSubject(s.trim(), glob && i > 0),
  );
}

/**
 * Whether a JWT role is an OIDC role (browser login): `role_type: oidc`, or `role_type` omitted
 * (the engine stores it as `oidc`) while the role sets what only OIDC logins use
 * (`allowed_redirect_uris`, `oidc_scopes`, written with any item). The engine refuses JWT logins
 * with such a role (`role with oidc role_type is not allowed`): GitHub's tokens cannot log in with
 * it, and leaving `role_type` to the engine's default is right there.
 */
export function isOidcRole(params: Readonly<Record<string, unknown>>): boolean {
  const type = params.role_type;
  if (typeof type === 'string') return type.trim().toLowerCase() === 'oidc';
  if (type !== undefined) return false;
  const written = (v: unknown): boolean => (Array.isArray(v) ? v.length > 0 : typeof v === 'string' && v.trim() !== '');
  return written(params.allowed_redirect_uris) || written(params.oidc_scopes);
}

/** Whether a subject (or a `sub` glob) can match GitHub's `repo:…` subjects. */
function mayBeRepoSubject(subject: string, glob: boolean): boolean {
  const prefix = glob ? subject.slice(0, subject.includes('*') ? subject.indexOf('*') : undefined) : subject;
  return prefix.startsWith('repo:') || 'repo:'.startsWith(prefix);
}

/**
 * Whether an OIDC issuer is GitHub Actions' (`https://token.actions.githubusercontent.com`, with an
 * enterprise's slug when it has its own issuer) or a GitHub Enterprise Server's (`https://HOST/_services/token`).
 */
export function isGithubIssuer(issuer: string): boolean {
  const url = issuer.trim().replace(/\/+$/, '');
  return (
    /^https:\/\/token\.actions\.githubusercontent\.com(?:\/[\w.-]+)?$/i.test(url) ||
    /^https:\/\/[^/\s]+\/_services\/token$/i.test(url)
  );
}
