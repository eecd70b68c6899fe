import type { GithubIds, RepositoryIds, SubjectFormat } from './github-ids.ts';

/**
 * A GitHub `sub` value split: `repo:OWNER/REPO:CONTEXT`. Since 2026-06-18 new and renamed
 * repositories (and those that opt in) get immutable subjects, `repo:OWNER-OWNERID/REPO-REPOID:CONTEXT`.
 */
export interface GithubSubject {
  /** The owner and repository segments as written (`octo-org`, `app` or `octo-org-9919`, `app-4242`). */
  readonly owner: string;
  readonly repo: string;
  /** What follows the repository (`ref:refs/heads/main`); undefined when the value ends after it. */
  readonly context: string | undefined;
  /** `id` when both segments end in `-<digits>` (GitHub's immutable form), else `name`. */
  readonly format: SubjectFormat;
  /** With `format: 'id'`: the name and id parts of each segment. */
  readonly ownerName?: string;
  readonly ownerId?: string;
  readonly repoName?: string;
  readonly repoId?: string;
}

const ID_SEGMENT = /^(.*[^*-])-(\d{1,20})$/;

/**
 * Splits a `sub` value of GitHub's form, or undefined when it is not one (`repo:` missing, no
 * `/`). A name whose segments both end in `-<digits>` reads as the id form unless `ids` holds it as
 * a repository name (then it is a name: `team-2/app-3`).
 */
export function parseGithubSubject(value: string, ids?: GithubIds): GithubSubject | undefined {
  if (!value.startsWith('repo:')) return undefined;
  const rest = value.slice(5);
  const colon = rest.indexOf(':');
  const repository = colon === -1 ? rest : rest.slice(0, colon);
  const slash = repository.indexOf('/');
  if (slash === -1) return undefined;
  const owner = repository.slice(0, slash);
  const repo = repository.slice(slash + 1);
  const context = colon === -1 ? undefined : rest.slice(colon + 1);
  const o = ID_SEGMENT.exec(owner);
  const r = ID_SEGMENT.exec(repo);
  const known = ids?.repositories.has(repository.toLowerCase()) ?? false;
  // `repo:octo-org-9919/*` is the id form too: every repository of the owner with that id.
  if (o && (r || repo === '*') && !known)
    return {
      owner,
      repo,
      context,
      format: 'id',
      ownerName: o[1] as string,
      ownerId: o[2] as string,
      ...(r ? { repoName: r[1] as string, repoId: r[2] as string } : {}),
    };
  return { owner, repo, context, format: 'name' };
}

/** The repository `ids` holds for a subject (by name, or by its ids in the id form). */
export function repositoryOf(subject: GithubSubject, ids: GithubIds): [string, RepositoryIds] | undefined {
  if (subject.format === 'name') {
    const key = `${subject.owner}/${subject.repo}`.toLowerCase();
    const entry = ids.repositories.get(key);
    return entry ? [key, entry] : undefined;
  }
  if (subject.repoId === undefined) return undefined;
  for (const [name, entry] of ids.repositories) if (entry.id === subject.repoId) return [name, entry];
  return undefined;
}

/** The same subject in the id form (`repo:O-OID/R-RID:CTX`), when `ids` know both ids; never guessed. */
export function toIdSubject(subject: GithubSubject, ids: GithubIds): string | undefined {
  if (subject.format === 'id') return undefined;
  const entry = ids.repositories.get(`${subject.owner}/${subject.repo}`.toLowerCase());
  const ownerId = entry?.ownerId ?? ids.owners.get(subject.owner.toLowerCase());
  if (!entry || !ownerId) return undefined;
  return joinSubject(`${subject.owner}-${ownerId}`, `${subject.repo}-${entry.id}`, subject.context);
}

/** The same subject in the name form, when `ids` hold the repository with that id. */
export function toNameSubject(subject: GithubSubject, ids: GithubIds): string | undefined {
  if (subject.format === 'name') return undefined;
  const found = repositoryOf(subject, ids);
  if (!found) return undefined;
  const [owner, repo] = found[1].name.split('/');
  return owner && repo ? joinSubject(owner, repo, subject.context) : undefined;
}

function joinSubject(owner: string, repo: string, context: string | undefined): string {
  return `repo:${owner}/${repo}${context === undefined ? '' : `:${context}`}`;
}
