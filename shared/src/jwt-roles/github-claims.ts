import { isRecord } from '../text/index.ts';
import { GITHUB_ONLY_CLAIMS, GITHUB_TOKEN_CLAIMS } from './issuer-claims.ts';

/**
 * Whether GitHub Actions tokens could log in with a JWT role (its write or file body), so GitHub's
 * trust rules apply: false when it binds a claim GitHub's tokens do not carry (GitLab's
 * `project_id`, Terraform Cloud's `terraform_workspace_id`, a nested claim such as Kubernetes'
 * `/kubernetes.io/namespace`: GitHub's claims are all top-level), names such a `user_claim` (the
 * engine refuses a token without it), or binds a `sub` that cannot start with `repo:` (Terraform
 * Cloud's `organization:…`). A role that says nothing either way may be GitHub's.
 */
export function mayBeGithubRole(params: Readonly<Record<string, unknown>>): boolean {
  const user = params.user_claim;
  if (typeof user === 'string' && user !== '') {
    const name = params.user_claim_json_pointer === true ? claimName(user) : user;
    if (name === undefined || !GITHUB_TOKEN_CLAIMS.has(name)) return false;
  }
  const claims = isRecord(params.bound_claims) ? params.bound_claims : {};
  if (Object.keys(claims).some((c) => !GITHUB_TOKEN_CLAIMS.has(claimName(c) ?? ''))) return false;
  const glob = params.bound_claims_type === 'glob';
  return !subjectsOf(params).some(({ subject, sub }) => !mayBeRepoSubject(subject, glob && sub));
}

/**
 * Whether a role's own fields say it is for GitHub's tokens: it binds or names a claim only GitHub
 * issues (`repository`, `repository_owner`, `job_workflow_ref`, `workflow`, `actor`…: GITHUB_ONLY_CLAIMS),
 * binds a `sub` of GitHub's `repo:` shape, or binds GitHub's default audience (an owner's URL on
 * github.com). Where the issuer of a role's mount is unknown, only such a role is held to GitHub's
 * rules: claims every issuer has (`sub`, `aud`) or several share (`ref`, `environment`) decide nothing.
 */
export function hasGithubClaims(params: Readonly<Record<string, unknown>>): boolean {
  const user = params.user_claim;
  const userName =
    typeof user === 'string' ? (params.user_claim_json_pointer === true ? claimName(user) : user) : undefined;
  if (userName !== undefined && GITHUB_ONLY_CLAIMS.has(userName)) return true;
  const claims = isRecord(params.bound_claims) ? params.bound_claims : {};
  if (Object.keys(claims).some((c) => GITHUB_ONLY_CLAIMS.has(claimName(c) ?? ''))) return true;
  const glob = params.bound_claims_type === 'glob';
  if (subjectsOf(params).some(({ subject, sub }) => repoPrefix(subject, glob && sub).startsWith('repo:'))) return true;
  const audiences = params.bound_audiences;
  return (Array.isArray(audiences) ? audiences : typeof audiences === 'string' ? audiences.split(',') : []).some(
    (a) => typeof a === 'string' && /^https:\/\/github\.com\/[^/\s]+\/?$/i.test(a.trim()),
  );
}

/**
 * The top-level claim a bound claim's key (or a JSON Pointer user claim) reads: the key itself, or
 * for a JSON Pointer (`/a`, as the engine reads keys starting with `/`) its one segment; undefined
 * for a nested claim (`/a/b`), which no GitHub token has.
 */
function claimName(key: string): string | undefined {
  if (!key.startsWith('/')) return key;
  const segments = key.slice(1).split('/');
  return segments.length === 1 ? (segments[0] ?? '').replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
}

/** The role's written subjects: bound_subject, and each bound `sub` claim (a glob where the claims are). */
function subjectsOf(params: Readonly<Record<string, unknown>>): { subject: string; sub: boolean }[] {
  const claims = isRecord(params.bound_claims) ? params.bound_claims : {};
  const sub: unknown = claims.sub ?? claims['/sub'];
  return [
    { value: params.bound_subject, sub: false },
    ...(Array.isArray(sub) ? (sub as unknown[]) : [sub]).map((value) => ({ value, sub: true })),
  ].flatMap(({ value, sub }) =>
    typeof value === 'string' && value.trim() !== '' ? [{ subject: value.trim(), sub }] : [],
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
  const prefix = repoPrefix(subject, glob);
  return prefix.startsWith('repo:') || 'repo:'.startsWith(prefix);
}

/** What every subject a value matches starts with: the value, or a glob's text before its first `*`. */
function repoPrefix(subject: string, glob: boolean): string {
  return glob ? subject.slice(0, subject.includes('*') ? subject.indexOf('*') : undefined) : subject;
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
