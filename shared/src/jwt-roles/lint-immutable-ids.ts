import { escapePointerSegment } from '../text/index.ts';
import type { GithubIds } from './github-ids.ts';
import type { Report } from './trust-report.ts';
import { parseGithubSubject, repositoryOf, toIdSubject, toNameSubject } from './subject-format.ts';

/** One binding by name: the claim, the value, its JSON Pointer and whether it is a glob. */
interface Binding {
  readonly claim: 'sub' | 'repository' | 'repository_owner';
  readonly value: string;
  readonly path: string;
  readonly glob: boolean;
}

/** A name binding reduced to what it pins: one repository (`owner/repo`) or every repository of an owner. */
interface Pinned {
  readonly level: 'repository' | 'owner';
  readonly name: string;
  readonly binding: Binding;
}

const NAME_CLAIMS = ['sub', 'repository', 'repository_owner'] as const;

/**
 * GitHub's immutable subject claims (since 2026-06-18, `repo:OWNER-ID/REPO-ID:…`): flags a binding
 * by name without the matching id claim (`JWT_TRUST_NAME_WITHOUT_ID`), a `sub` written in the other
 * format than the repository's tokens carry (`JWT_TRUST_SUB_FORMAT_MISMATCH`, needs `github-ids.yaml`)
 * and a glob written to span both formats (`JWT_TRUST_GLOB_SPANS_FORMATS`). Fix data carries ids
 * only from `ids` (the user's file or the workflow context), never guessed.
 */
export function checkImmutableIds(
  role: { readonly subject: string; readonly claims: Readonly<Record<string, unknown>>; readonly glob: boolean },
  ids: GithubIds | undefined,
  report: Report,
): void {
  const bindings = bindingsOf(role);
  checkNameWithoutId(bindings, role.claims, ids, report);
  for (const b of bindings.filter((x) => x.claim === 'sub')) {
    checkFormat(b, ids, report);
    if (b.glob) checkSpanningGlob(b, ids, report);
  }
}

function bindingsOf(role: Parameters<typeof checkImmutableIds>[0]): Binding[] {
  const out: Binding[] = [];
  if (role.subject !== '') out.push({ claim: 'sub', value: role.subject, path: '/bound_subject', glob: false });
  for (const [key, value] of Object.entries(role.claims)) {
    const claim = NAME_CLAIMS.find((c) => c === key.replace(/^\//, ''));
    if (!claim) continue;
    const values = Array.isArray(value) ? (value as unknown[]) : [value];
    values.forEach((v, i) => {
      if (typeof v !== 'string') return;
      const path = `/bound_claims/${escapePointerSegment(key)}${Array.isArray(value) ? `/${i}` : ''}`;
      out.push({ claim, value: v, path, glob: role.glob });
    });
  }
  return out;
}

/** What a name binding pins; undefined for id-form subjects, open owners and non-GitHub values. */
function pinnedOf(b: Binding): Pinned | undefined {
  const star = (text: string): boolean => b.glob && text.includes('*');
  if (b.claim === 'repository_owner') return star(b.value) ? undefined : { level: 'owner', name: b.value, binding: b };
  let owner: string;
  let repo: string;
  if (b.claim === 'sub') {
    const subject = parseGithubSubject(b.value);
    if (!subject || subject.format === 'id') return undefined;
    ({ owner, repo } = subject);
  } else {
    const slash = b.value.indexOf('/');
    if (slash === -1) return undefined;
    owner = b.value.slice(0, slash);
    repo = b.value.slice(slash + 1);
  }
  if (star(owner) || owner === '') return undefined;
  if (b.glob && repo === '*') return { level: 'owner', name: owner, binding: b };
  return { level: 'repository', name: `${owner}/${repo}`, binding: b };
}

function hasClaim(claims: Readonly<Record<string, unknown>>, name: string): boolean {
  return name in claims || `/${name}` in claims;
}

function checkNameWithoutId(
  bindings: readonly Binding[],
  claims: Readonly<Record<string, unknown>>,
  ids: GithubIds | undefined,
  report: Report,
): void {
  const pinned = bindings.map(pinnedOf).filter((p): p is Pinned => p !== undefined);
  const repositories = pinned.filter((p) => p.level === 'repository');
  const owners = pinned.filter((p) => p.level === 'owner');
  const hasRepositoryId = hasClaim(claims, 'repository_id');
  const hasOwnerId = hasClaim(claims, 'repository_owner_id');
  let level: 'repository' | 'owner';
  if (repositories.length > 0 && !hasRepositoryId) level = 'repository';
  else if (repositories.length === 0 && owners.length > 0 && !hasRepositoryId && !hasOwnerId) level = 'owner';
  else return;
  const chosen = level === 'repository' ? repositories : owners;
  const first = chosen[0] as Pinned;
  const names = [...new Set(chosen.map((p) => p.name))];
  const claim = level === 'repository' ? 'repository_id' : 'repository_owner_id';
  const known = names.map((n) =>
    level === 'repository' && !n.includes('*')
      ? ids?.repositories.get(n.toLowerCase())?.id
      : ids?.owners.get(n.toLowerCase()),
  );
  const what = level === 'repository' ? `repository ${names.join(', ')}` : `owner ${names.join(', ')}`;
  const risk = `if it is renamed or deleted, whoever registers the name can log in`;
  const all = known.every((k): k is string => k !== undefined);
  if (all && ids) {
    const value = known.length === 1 ? known[0] : known;
    report(
      'JWT_TRUST_NAME_WITHOUT_ID',
      'info',
      `Bound by the name of ${what} only: ${risk}; add bound_claims.${claim}: ${JSON.stringify(value)} (from ${ids.source}).`,
      first.binding.path,
      'value',
      { add: { [claim]: value }, source: ids.source },
    );
    return;
  }
  const missing = names.filter((_, i) => known[i] === undefined);
  const how =
    level === 'repository'
      ? `gh api repos/${missing[0] ?? 'OWNER/REPO'} --jq .id`
      : `gh api users/${missing[0] ?? 'OWNER'} --jq .id`;
  report(
    'JWT_TRUST_NAME_WITHOUT_ID',
    'info',
    `Bound by the name of ${what} only: ${risk}; bind bound_claims.${claim} too (keep the id in github-ids.yaml, from \`${how}\`, and the quick fix adds it).`,
    first.binding.path,
    'value',
  );
}

function checkFormat(b: Binding, ids: GithubIds | undefined, report: Report): void {
  if (!ids) return;
  const subject = parseGithubSubject(b.value, ids);
  const found = subject && repositoryOf(subject, ids);
  const expected = found?.[1].subject;
  if (!subject || !found || expected === undefined || expected === subject.format) return;
  const other = expected === 'id' ? toIdSubject(subject, ids) : toNameSubject(subject, ids);
  const form = expected === 'id' ? 'repo:OWNER-ID/REPO-ID:...' : 'repo:OWNER/REPO:...';
  report(
    'JWT_TRUST_SUB_FORMAT_MISMATCH',
    'warning',
    `sub "${b.value}" is in the ${subject.format} format, but ${found[1].name}'s tokens carry ${form} (${ids.source} says subject: ${expected}): this binding never matches${other ? `; write "${other}"` : `; add the owner's id to ${ids.source}`}.`,
    b.path,
    'value',
    other ? { replacement: other } : undefined,
  );
}

/**
 * A glob whose owner is `NAME*` or `NAME-*` (then `/app*`, `/app-*` or `/*`): written so one glob
 * matches both `repo:octo/app` and `repo:octo-9919/app-4242`, its owner part also matches other
 * owners (`octo-evil`). The fix binds the two exact forms (ids from `ids` only).
 */
function checkSpanningGlob(b: Binding, ids: GithubIds | undefined, report: Report): void {
  const subject = parseGithubSubject(b.value);
  if (!subject) return;
  const spanning = /^([^*]*[^*-])-?\*$/;
  const owner = spanning.exec(subject.owner)?.[1];
  const repo = subject.repo === '*' ? '*' : spanning.exec(subject.repo)?.[1];
  if (owner === undefined || repo === undefined) return;
  const tail = subject.context === undefined ? '' : `:${subject.context}`;
  const nameForm = `repo:${owner}/${repo}${tail}`;
  const exact = parseGithubSubject(nameForm);
  const ownerId = ids?.owners.get(owner.toLowerCase());
  const idForm =
    repo === '*'
      ? ownerId
        ? `repo:${owner}-${ownerId}/*${tail}`
        : undefined
      : exact && ids
        ? toIdSubject(exact, ids)
        : undefined;
  report(
    'JWT_TRUST_GLOB_SPANS_FORMATS',
    'warning',
    `sub glob "${b.value}" matches ${owner}/${repo} in both subject formats (names and GitHub's immutable ids), but also other owners and repositories whose names start the same (${owner}-evil/${repo === '*' ? 'x' : repo}...); bind the two exact forms${idForm ? ` ("${nameForm}" and "${idForm}")` : ` (the id form needs the ids in github-ids.yaml)`}.`,
    b.path,
    'value',
    idForm ? { values: [nameForm, idForm] } : undefined,
  );
}
