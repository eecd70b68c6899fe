import { globMatch, parseGithubSubject, type JwtRole } from '../jwt-roles/index.ts';
import type { LoginPath, LoginScope } from './access-types.ts';
import { NO_ENVIRONMENT, scopeOf, type Clause, type Dimension } from './login-scope.ts';

/** Claims that bind one dimension directly; `repository_owner` becomes the glob `OWNER/*` on the repository. */
const DIMENSION_CLAIMS: Readonly<Record<string, Dimension>> = {
  repository: 'repository',
  ref: 'ref',
  environment: 'environment',
  event_name: 'event',
};

type Clauses = Record<Dimension, Clause[]>;

/**
 * Who can log in with a JWT role, from its `bound_subject`, `bound_claims` and `bound_claims_type`
 * with the engine's semantics (any value of a claim matches, every claim must; `*` in a glob spans
 * any characters, `/` and `:` included; with `string` a `*` is a literal): one path per accepted
 * `sub` value, each with the repository, ref, environment and event a GitHub token must carry.
 * GitHub's `sub` is `repo:O/R:ref:REF`, `repo:O/R:environment:ENV` or `repo:O/R:pull_request`.
 *
 * @example describeLogins(role)[0]?.repository.text // "any repository of owner octo-org"
 */
export function describeLogins(role: JwtRole): LoginPath[] {
  const glob = role.boundClaimsType === 'glob';
  const shared: Clauses = { repository: [], ref: [], environment: [], event: [] };
  const other: Record<string, LoginScope> = {};
  let subjects: { value: string; glob: boolean }[] = [];
  for (const [claim, rawValues] of Object.entries(role.boundClaims)) {
    const values = rawValues.map(String);
    const name = claim.replace(/^\//, '');
    const dimension = DIMENSION_CLAIMS[name];
    if (name === 'sub') subjects = values.map((value) => ({ value, glob }));
    else if (dimension) shared[dimension].push({ values, glob });
    else if (name === 'repository_owner')
      shared.repository.push({ values: values.map((v) => `${glob ? v : v.replaceAll('*', '')}/*`), glob: true });
    else other[claim] = otherScope(values, glob);
  }
  const boundSubject = role.boundSubject;
  // bound_subject is compared exactly (and before the claims); with a sub claim both must hold.
  if (boundSubject !== '')
    subjects =
      subjects.length === 0
        ? [{ value: boundSubject, glob: false }]
        : subjects.filter((s) => matches(s, boundSubject)).map(() => ({ value: boundSubject, glob: false }));
  if (subjects.length === 0 && (boundSubject !== '' || 'sub' in role.boundClaims)) return [impossiblePath(other)];
  const variants = subjects.length === 0 ? [undefined] : subjects;
  return variants.map((subject) => {
    const clauses: Clauses = {
      repository: [...shared.repository],
      ref: [...shared.ref],
      environment: [...shared.environment],
      event: [...shared.event],
    };
    const extra = subject ? addSubject(subject, clauses) : {};
    const path = {
      repository: scopeOf('repository', clauses.repository),
      ref: scopeOf('ref', clauses.ref),
      environment: scopeOf('environment', clauses.environment),
      event: scopeOf('event', clauses.event),
      otherClaims: { ...other, ...extra },
      ...(subject ? { subject: subject.value } : {}),
      ...(role.tokenBoundCidrs.length > 0 ? { sourceAddresses: role.tokenBoundCidrs } : {}),
    };
    return pinnedById(path);
  });
}

function matches(subject: { value: string; glob: boolean }, exact: string): boolean {
  return subject.glob ? globMatch(subject.value, exact) : subject.value === exact;
}

/**
 * Adds what one `sub` says to the clauses: `repo:O/R` then the context. A glob `*` in the
 * repository part may also span the context; the context, when written, still has to end the value.
 */
function addSubject(subject: { value: string; glob: boolean }, clauses: Clauses): Record<string, LoginScope> {
  const { value, glob } = subject;
  if (!value.startsWith('repo:')) {
    if (glob && value === '*') return {};
    clauses.repository.push({ values: ['*'], glob: true });
    return {
      sub: otherScope(
        [value],
        glob,
        `sub ${glob ? 'matching ' : ''}${value} (not GitHub's repo:OWNER/REPO:... form, so it pins no repository)`,
      ),
    };
  }
  const rest = value.slice(5);
  const colon = rest.indexOf(':');
  const repository = colon === -1 ? rest : rest.slice(0, colon);
  const context = colon === -1 ? (glob && repository.endsWith('*') ? '*' : '') : rest.slice(colon + 1);
  const ownerOnly = glob && colon === -1 && !repository.includes('/') && repository !== '*';
  // GitHub's immutable form (repo:OWNER-ID/REPO-ID:...) names ids, not the repository claim's names.
  const ids = idClaims(value);
  if (!ids) clauses.repository.push({ values: [ownerOnly ? `${repository}/*` : repository], glob });
  const star = glob && context.includes('*');
  if (context === '*' && glob) return ids ?? {};
  return { ...ids, ...addContext(context, glob, star, clauses) };
}

/** The ids an id-form `sub` pins, as the claims GitHub sends beside it (`repository_owner_id`, `repository_id`). */
function idClaims(value: string): Record<string, LoginScope> | undefined {
  const subject = parseGithubSubject(value);
  if (subject?.format !== 'id' || subject.ownerId === undefined) return undefined;
  return {
    repository_owner_id: otherScope([subject.ownerId], false),
    ...(subject.repoId !== undefined ? { repository_id: otherScope([subject.repoId], false) } : {}),
  };
}

/** What the part of a `sub` after the repository says: a pull request, an environment or a ref. */
function addContext(context: string, glob: boolean, star: boolean, clauses: Clauses): Record<string, LoginScope> {
  if (context === 'pull_request') {
    clauses.event.push({ values: ['pull_request'], glob: false });
    // A pull request's ref is its merge ref.
    clauses.ref.push({ values: ['refs/pull/*/merge'], glob: true });
    clauses.environment.push({ values: [NO_ENVIRONMENT], glob: false });
    return {};
  }
  if (context.startsWith('environment:')) {
    clauses.environment.push({ values: [context.slice('environment:'.length)], glob: star });
    return {};
  }
  if (context.startsWith('ref:')) {
    clauses.ref.push({ values: [context.slice(4)], glob: star });
    // A job with an environment gets sub ...:environment:NAME, so a ref sub means no environment.
    clauses.environment.push({ values: [NO_ENVIRONMENT], glob: false });
    return {};
  }
  return {
    'sub context': otherScope(
      [context],
      glob,
      `sub context ${star ? 'matching ' : ''}${context || "(none: never GitHub's form)"}`,
    ),
  };
}

function otherScope(values: readonly string[], glob: boolean, text?: string): LoginScope {
  const star = glob && values.some((v) => v.includes('*'));
  return { text: text ?? values.join(' or '), unbound: false, glob: star, anyOf: values };
}

/** `repository_id` / `repository_owner_id` pin the repository even when no name is bound. */
function pinnedById(path: LoginPath): LoginPath {
  const id = path.otherClaims.repository_id ?? path.otherClaims['/repository_id'];
  const ownerId = path.otherClaims.repository_owner_id ?? path.otherClaims['/repository_owner_id'];
  if (!path.repository.unbound) return path;
  if (id)
    return { ...path, repository: { ...path.repository, text: `the repository with id ${id.text}`, unbound: false } };
  if (ownerId)
    return {
      ...path,
      repository: { ...path.repository, text: `any repository of the owner with id ${ownerId.text}`, unbound: false },
    };
  return path;
}

function impossiblePath(other: Record<string, LoginScope>): LoginPath {
  const none: LoginScope = {
    text: 'none: bound_subject and bound_claims.sub never agree',
    unbound: false,
    glob: false,
    anyOf: [],
    impossible: true,
  };
  return { repository: none, ref: none, environment: none, event: none, otherClaims: other };
}
