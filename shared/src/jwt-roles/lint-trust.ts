import type { Problem } from '../problem.ts';
import { escapePointerSegment } from '../text/index.ts';
import { allowOperation, buildAcl, readingsFor, type AclPolicy, type PartialAclPolicy } from '../policies/index.ts';
import type { WorkflowFacts } from './workflow-facts.ts';
import type { GithubIds } from './github-ids.ts';
import { checkImmutableIds } from './lint-immutable-ids.ts';
import type { Report } from './trust-report.ts';
import { isRecord, readCommaList } from '../text/index.ts';
import { hasGithubClaims, isGithubIssuer, isOidcRole, mayBeGithubRole } from './github-claims.ts';

/** What the trust checks may know beyond the role itself. */
export interface TrustContext {
  /**
   * ACL policies by name (files of the workspace or the engine), to see what login tokens reach;
   * a policy known in part (Terraform with unknown values) grants only what it grants at worst.
   */
  readonly policies?: ReadonlyMap<string, AclPolicy | PartialAclPolicy>;
  /** Facts of the workspace's workflows (events and `jwt-audience` inputs). */
  readonly workflows?: readonly WorkflowFacts[];
  /** Ids of repositories and owners (`github-ids.yaml`, the workflow context) for the id bindings' fixes. */
  readonly githubIds?: GithubIds;
  /**
   * The issuer of the mount the role is on, where it is known (Terraform: the `vault_jwt_auth_backend`
   * the role names, its `bound_issuer`, `oidc_discovery_url` or `jwks_url`, or inline keys): another issuer's roles are not held
   * to GitHub's rules. Unknown: the rules stay on.
   */
  readonly issuer?: string;
  /**
   * The role's mount has an issuer keyfob cannot read (Terraform: a backend whose issuer is a
   * variable, or a mount the module does not declare): the role is judged by its own claims, and
   * held to GitHub's rules only where they are GitHub's (hasGithubClaims).
   */
  readonly issuerUnknown?: boolean;
  /**
   * JWT/OIDC auth mounts besides `jwt` whose `config` and `role/*` are trust paths too (Terraform:
   * the mounts the module declares and the role's own backend; never guessed).
   */
  readonly mounts?: readonly string[];
}

/** An owner's URL, the form of GitHub's default audience (`https://github.com/acme`). */
const OWNER_URL = /^https:\/\/[^/\s]+\/[^/\s]+\/?$/;

/** Claims that pin who logs in (a repository, its id or its owner). */
const PINNING_CLAIMS = ['sub', 'repository', 'repository_id', 'repository_owner', 'repository_owner_id'];
/** Writes a login token must never reach: the trust itself, policies, token minting, mounts. */
const TRUST_PATHS = [
  'auth/jwt/config',
  'auth/jwt/role/any',
  'sys/policies/acl/any',
  'sys/policy/any',
  'auth/token/create',
  'sys/auth/any',
  'sys/mounts/any',
];

/**
 * The OIDC trust mistakes of a JWT role (its write or file body), each a problem with a code and
 * the JSON Pointer of the field at fault: any repository of the issuer can log in, owner-wide or
 * open globs, no audience or not the workflows' one, a branch `sub` for pull-request workflows,
 * `role_type` omitted (unless the role is an OIDC role: isOidcRole), and token policies that reach
 * the trust configuration. The GitHub checks apply to roles GitHub's tokens could log in with
 * (mayBeGithubRole, not an OIDC role); the literal globs and the token policies to every role.
 */
export function lintJwtTrust(params: Readonly<Record<string, unknown>>, context: TrustContext = {}): Problem[] {
  const problems: Problem[] = [];
  const report: Report = (code, severity, message, path, target, data) => {
    problems.push({ code, severity, message, path, ...(target ? { target } : {}), ...(data ? { data } : {}) });
  };
  // An OIDC role (browser login) is not for JWT logins: GitHub's tokens cannot log in with it, and
  // an omitted role_type (the engine's default, oidc) is right there.
  const oidc = isOidcRole(params);
  // Absent fields are drawn on the document's first key (attachRanges), present ones on their key.
  if (params.role_type === undefined && !oidc)
    report(
      'JWT_TRUST_ROLE_TYPE_OMITTED',
      'error',
      'role_type is omitted, so the engine stores the role as "oidc" and refuses JWT logins: add role_type: jwt.',
      '/role_type',
      'key',
    );
  checkLiteralGlobs(params, report);
  // The rest but the token policies is about GitHub's tokens: a role they cannot log in with (another
  // issuer's claims, a Terraform Cloud sub, a mount of another issuer, an OIDC role) is not held to it.
  const otherIssuer =
    context.issuer !== undefined
      ? !isGithubIssuer(context.issuer)
      : context.issuerUnknown === true && !hasGithubClaims(params);
  if (oidc || !mayBeGithubRole(params) || otherIssuer) {
    checkPolicies(params.token_policies ?? params.policies, context, report);
    return problems;
  }
  const glob = params.bound_claims_type === 'glob';
  const claims = isRecord(params.bound_claims) ? params.bound_claims : {};
  const subject = typeof params.bound_subject === 'string' ? params.bound_subject.trim() : '';
  const pinned =
    subject !== '' ||
    Object.keys(claims).some((c) => PINNING_CLAIMS.includes(c) || PINNING_CLAIMS.includes(c.replace(/^\//, '')));
  if (!pinned) {
    // Bound CIDRs limit where a login comes from, not who: GitHub-hosted runners share addresses.
    const cidrsOnly = readCommaList(params.token_bound_cidrs ?? params.bound_cidrs).length > 0;
    report(
      'JWT_TRUST_ANY_REPOSITORY',
      'error',
      `No binding on sub, repository, repository_id or repository_owner: any repository on the issuer (every repository on github.com) can log in with this role${cidrsOnly ? ' (token_bound_cidrs limits the addresses, not the repositories: GitHub-hosted runners share theirs)' : ''}; bind bound_subject or bound_claims.repository_id.`,
      '/bound_claims',
      'key',
    );
  }
  if (glob) checkGlobs(claims, report);
  const audiences = readCommaList(params.bound_audiences);
  if (audiences.length === 0)
    report(
      'JWT_TRUST_NO_AUDIENCE',
      'error',
      'No bound_audiences: GitHub always sends aud, so every login with this role is refused; bind the audience the workflows ask for.',
      '/bound_audiences',
      'key',
    );
  for (const workflow of context.workflows ?? []) {
    for (const asked of workflow.audiences.filter((a) => audiences.length > 0 && !audiences.includes(a))) {
      report(
        'JWT_TRUST_AUDIENCE_MISMATCH',
        'warning',
        `bound_audiences ${JSON.stringify(audiences)} do not include "${asked}", the jwt-audience of ${workflow.file}: its logins are refused.`,
        '/bound_audiences',
      );
    }
    // GitHub's default aud is the owner's URL (https://github.com/OWNER, a server's own host on
    // GitHub Enterprise Server): a role that binds no such URL refuses those logins.
    const [login] = workflow.defaultAudience ?? [];
    if (login !== undefined && audiences.length > 0 && !audiences.some((a) => OWNER_URL.test(a)))
      report(
        'JWT_TRUST_AUDIENCE_MISMATCH',
        'warning',
        `bound_audiences ${JSON.stringify(audiences)} do not include GitHub's default audience (https://github.com/<owner>), which ${workflow.file} logs in with (${login}): its logins are refused; bind the owner's URL or set jwtGithubAudience to a bound audience.`,
        '/bound_audiences',
      );
  }
  checkBranchSubjects(subject, claims, context.workflows ?? [], report);
  checkImmutableIds({ subject, claims, glob }, context.githubIds, report);
  checkPolicies(params.token_policies ?? params.policies, context, report);
  return problems;
}

/**
 * A `*` the engine compares as the character itself (vault-plugin-auth-jwt: bound_claims match with
 * ryanuber/go-glob only when bound_claims_type is glob, else by equality; bound_subject always by
 * equality), written where a pattern was meant: that value never matches a token.
 */
function checkLiteralGlobs(params: Readonly<Record<string, unknown>>, report: Report): void {
  const subject = params.bound_subject;
  if (typeof subject === 'string' && subject.includes('*'))
    report(
      'JWT_TRUST_LITERAL_GLOB',
      'error',
      `bound_subject ${JSON.stringify(subject)} holds a *, but the engine compares bound_subject exactly (never as a pattern): no token's sub is that, so every login is refused; move it to bound_claims.sub with bound_claims_type: glob.`,
      '/bound_subject',
    );
  const type = typeof params.bound_claims_type === 'string' ? params.bound_claims_type.trim().toLowerCase() : '';
  if (type !== '' && type !== 'string') return;
  const claims = isRecord(params.bound_claims) ? params.bound_claims : {};
  for (const [claim, value] of Object.entries(claims)) {
    const values = Array.isArray(value) ? value : [value];
    values.forEach((v: unknown, i) => {
      if (typeof v !== 'string' || !v.includes('*')) return;
      const only = values.length === 1;
      report(
        'JWT_TRUST_LITERAL_GLOB',
        'error',
        `bound_claims.${claim} ${JSON.stringify(v)} holds a *, but bound_claims_type is ${type === '' ? 'not set (string)' : 'string'}, so the engine compares it as the character itself: no token carries it, so ${only ? 'every login is refused' : 'that value never matches'}; set bound_claims_type: glob.`,
        `/bound_claims/${escapePointerSegment(claim)}${Array.isArray(value) ? `/${i}` : ''}`,
      );
    });
  }
}

function checkGlobs(claims: Readonly<Record<string, unknown>>, report: Report): void {
  for (const [claim, value] of Object.entries(claims)) {
    const values = Array.isArray(value) ? value : [value];
    values.forEach((v, i) => {
      if (typeof v !== 'string' || !v.includes('*')) return;
      const path = `/bound_claims/${escapePointerSegment(claim)}${Array.isArray(value) ? `/${i}` : ''}`;
      const owner = ownerPart(claim.replace(/^\//, ''), v);
      if (owner === undefined) return;
      if (owner.open)
        report(
          'JWT_TRUST_WILDCARD_OWNER',
          'error',
          `${claim} glob "${v}" leaves the owner open: repositories of other owners match; spell the owner out (repo:OWNER/REPO:...).`,
          path,
        );
      else if (owner.wholeOwner)
        report(
          'JWT_TRUST_WHOLE_OWNER',
          'warning',
          `${claim} glob "${v}" admits every repository of the owner, including ones made later; name the repository.`,
          path,
        );
    });
  }
}

/** Whether a glob leaves the owner open or admits every repository of one; undefined for claims without an owner. */
function ownerPart(claim: string, value: string): { open: boolean; wholeOwner: boolean } | undefined {
  if (claim === 'sub') {
    if (!value.startsWith('repo:')) return { open: true, wholeOwner: false };
    return splitOwner(value.slice(5).split(':')[0] ?? '');
  }
  if (claim === 'repository') return splitOwner(value);
  if (claim === 'repository_owner') return { open: true, wholeOwner: false };
  return undefined;
}

function splitOwner(ownerAndRepo: string): { open: boolean; wholeOwner: boolean } {
  const slash = ownerAndRepo.indexOf('/');
  const owner = slash === -1 ? ownerAndRepo : ownerAndRepo.slice(0, slash);
  if (slash === -1 || owner.includes('*')) return { open: true, wholeOwner: false };
  return { open: false, wholeOwner: ownerAndRepo.slice(slash + 1).startsWith('*') };
}

function checkBranchSubjects(
  subject: string,
  claims: Readonly<Record<string, unknown>>,
  workflows: readonly WorkflowFacts[],
  report: Report,
): void {
  const pullRequests = workflows.filter((w) => w.events.includes('pull_request'));
  if (pullRequests.length === 0) return;
  const subs: [string, string][] = [];
  if (subject !== '') subs.push([subject, '/bound_subject']);
  const claimed = claims.sub;
  (Array.isArray(claimed) ? claimed : claimed === undefined ? [] : [claimed]).forEach((v, i) => {
    if (typeof v === 'string') subs.push([v, Array.isArray(claimed) ? `/bound_claims/sub/${i}` : '/bound_claims/sub']);
  });
  if (subs.some(([v]) => v.endsWith(':pull_request') || v.endsWith('*'))) return;
  for (const [value, path] of subs.filter(([v]) => v.includes(':ref:refs/heads/'))) {
    report(
      'JWT_TRUST_BRANCH_SUB_PULL_REQUEST',
      'warning',
      `sub is bound to the branch "${value}", but ${pullRequests.map((w) => w.file).join(', ')} ${pullRequests.length === 1 ? 'runs' : 'run'} on pull_request, where sub is repo:OWNER/REPO:pull_request: those logins are refused.`,
      path,
    );
  }
}

/**
 * Each token policy with the index it is written at (a list's empty items, which the engine drops,
 * keep their places: a problem names the item written, not its place in the engine's list).
 */
function writtenPolicies(value: unknown): [string, number][] {
  if (!Array.isArray(value)) return readCommaList(value).map((name, i) => [name, i]);
  return value.flatMap((v: unknown, i): [string, number][] =>
    typeof v === 'string' && v.trim() !== '' ? [[v.trim(), i]] : [],
  );
}

/** The trust paths with those of the context's other JWT/OIDC mounts (`auth/<mount>/config`, `auth/<mount>/role/*`). */
function trustPaths(mounts: readonly string[] = []): string[] {
  const extra = mounts.filter((m) => m !== 'jwt').flatMap((m) => [`auth/${m}/config`, `auth/${m}/role/any`]);
  return [...new Set([...TRUST_PATHS, ...extra])];
}

function checkPolicies(value: unknown, context: TrustContext, report: Report): void {
  const policies = context.policies;
  if (!policies) return;
  const paths = trustPaths(context.mounts);
  writtenPolicies(value).forEach(([name, i]) => {
    if (name === 'root') {
      report(
        'JWT_TRUST_POLICY_REACHES_TRUST',
        'error',
        'token_policies gives login tokens the root policy: they can rewrite the trust, every policy and every role.',
        `/token_policies/${i}`,
      );
      return;
    }
    const policy = policies.get(name);
    if (!policy) return;
    const partial = 'unknownRules' in policy && policy.unknownRules.length > 0;
    const whole = partial ? undefined : buildAcl([policy]).acl;
    const writes = (acl: ReturnType<typeof buildAcl>['acl'], p: string): boolean =>
      acl !== undefined &&
      (allowOperation(acl, { operation: 'update', path: p }).allowed ||
        allowOperation(acl, { operation: 'create', path: p }).allowed);
    // A policy known in part reaches a path only when every way it may decide there does.
    const reached = paths.filter((p) =>
      whole ? writes(whole, p) : readingsFor(policy, p).every((reading) => writes(buildAcl([reading]).acl, p)),
    );
    if (reached.length > 0) {
      report(
        'JWT_TRUST_POLICY_REACHES_TRUST',
        'error',
        `Policy "${name}" lets login tokens write ${reached.map((p) => p.replace(/\/any$/, '/*')).join(', ')}${partial ? ' (whatever its unknown values are)' : ''}: a workflow could rewrite the trust or its own policies; grant only the credential paths.`,
        `/token_policies/${i}`,
      );
    }
  });
}
