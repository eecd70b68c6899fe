import { parse } from 'yaml';
import { isRecord } from '../text/index.ts';

/** Which `sub` format a repository's tokens carry: names (`repo:O/R:…`) or GitHub's immutable ids (`repo:O-1/R-2:…`). */
export type SubjectFormat = 'name' | 'id';

/** The ids of one repository, as GitHub gives them (`gh api repos/O/R --jq '{id, owner: .owner.id}'`). */
export interface RepositoryIds {
  /** `owner/repo` as written in the file or the context (GitHub keeps the case it shows). */
  readonly name: string;
  readonly id: string;
  readonly ownerId?: string;
  /** Which `sub` format its tokens carry, when the user wrote it down. */
  readonly subject?: SubjectFormat;
}

/**
 * Ids the user keeps (`github-ids.yaml`) or the workflow context gives (`GITHUB_REPOSITORY_ID`):
 * never guessed. Keys are `owner/repo` and `owner`, lower-cased (GitHub names are case-insensitive).
 */
export interface GithubIds {
  readonly repositories: ReadonlyMap<string, RepositoryIds>;
  readonly owners: ReadonlyMap<string, string>;
  /** Where the ids come from, as named in messages (`github-ids.yaml`, `the workflow context`). */
  readonly source: string;
}

/** The mapping file's name, looked up at the root of the workspace. */
export const GITHUB_IDS_FILE = 'github-ids.yaml';

/** Bound on entries read from the mapping file. */
const MAX_ENTRIES = 10_000;
const ID = /^[1-9]\d{0,19}$/;
const NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * Reads `github-ids.yaml`:
 * ```yaml
 * owners: { octo-org: 9919 }
 * repositories:
 *   octo-org/app: 4242                      # or, with its subject format:
 *   octo-org/api: { id: 4243, owner_id: 9919, subject: id }
 * ```
 * Entries that do not read are named in `problems` (field, value when safe, the fix) and left out.
 */
export function readGithubIds(text: string, source = GITHUB_IDS_FILE): { ids: GithubIds; problems: string[] } {
  const problems: string[] = [];
  const repositories = new Map<string, RepositoryIds>();
  const owners = new Map<string, string>();
  let doc: unknown;
  try {
    doc = parse(text, { maxAliasCount: 100 });
  } catch (error) {
    problems.push(`${source}: not YAML (${String((error as Error).message).split('\n')[0] ?? ''})`);
  }
  const root = isRecord(doc) ? doc : {};
  for (const [name, value] of Object.entries(isRecord(root.owners) ? root.owners : {}).slice(0, MAX_ENTRIES)) {
    const id = idOf(value);
    if (NAME.test(name) && id) owners.set(name.toLowerCase(), id);
    else
      problems.push(`${source}: owners.${JSON.stringify(name.slice(0, 100))} must be an owner name with a numeric id`);
  }
  const repos = isRecord(root.repositories) ? root.repositories : {};
  for (const [name, value] of Object.entries(repos).slice(0, MAX_ENTRIES)) {
    const entry = repositoryEntry(name, value);
    if (entry) repositories.set(name.toLowerCase(), entry);
    else
      problems.push(
        `${source}: repositories.${JSON.stringify(name.slice(0, 100))} must be OWNER/REPO with an id, or { id, owner_id, subject: name|id }`,
      );
  }
  for (const [name, entry] of repositories) {
    const owner = name.split('/')[0] ?? '';
    if (entry.ownerId && !owners.has(owner)) owners.set(owner, entry.ownerId);
  }
  return { ids: { repositories, owners, source }, problems };
}

/**
 * The ids the workflow context gives for the repository the job runs in (`GITHUB_REPOSITORY`,
 * `GITHUB_REPOSITORY_ID`, `GITHUB_REPOSITORY_OWNER`, `GITHUB_REPOSITORY_OWNER_ID`), or undefined.
 */
export function githubIdsFromContext(context: Readonly<Record<string, string | undefined>>): GithubIds | undefined {
  const repository = context.GITHUB_REPOSITORY ?? '';
  const id = context.GITHUB_REPOSITORY_ID ?? '';
  const ownerId = context.GITHUB_REPOSITORY_OWNER_ID ?? '';
  const [owner, repo, extra] = repository.split('/');
  if (!owner || !repo || extra !== undefined || !NAME.test(owner) || !NAME.test(repo) || !ID.test(id)) return undefined;
  const entry: RepositoryIds = { name: repository, id, ...(ID.test(ownerId) ? { ownerId } : {}) };
  return {
    repositories: new Map([[repository.toLowerCase(), entry]]),
    owners: ID.test(ownerId) ? new Map([[owner.toLowerCase(), ownerId]]) : new Map(),
    source: 'the workflow context',
  };
}

/** Both sources together; the user's file wins where they disagree. */
export function mergeGithubIds(first: GithubIds | undefined, second: GithubIds | undefined): GithubIds | undefined {
  if (!first || !second) return first ?? second;
  return {
    repositories: new Map([...second.repositories, ...first.repositories]),
    owners: new Map([...second.owners, ...first.owners]),
    source: `${first.source} and ${second.source}`,
  };
}

function repositoryEntry(name: string, value: unknown): RepositoryIds | undefined {
  const [owner, repo, extra] = name.split('/');
  if (!owner || !repo || extra !== undefined || !NAME.test(owner) || !NAME.test(repo)) return undefined;
  const plain = idOf(value);
  if (plain) return { name, id: plain };
  if (!isRecord(value)) return undefined;
  const id = idOf(value.id);
  const ownerId = value.owner_id === undefined ? undefined : idOf(value.owner_id);
  const subject = value.subject;
  if (!id || (value.owner_id !== undefined && !ownerId)) return undefined;
  if (subject !== undefined && subject !== 'name' && subject !== 'id') return undefined;
  return { name, id, ...(ownerId ? { ownerId } : {}), ...(subject ? { subject } : {}) };
}

function idOf(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  return typeof text === 'string' && ID.test(text) ? text : undefined;
}
