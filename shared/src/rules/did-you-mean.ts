import { nearestWord } from '../text/edit-distance.ts';

/** Folds case and `-`/space to `_`, so `Assumed-Role` matches `assumed_role` exactly. */
function fold(word: string): string {
  return word.toLowerCase().replace(/[-\s]/g, '_');
}

/**
 * The candidate closest to `word`, or undefined when none is close enough: at most one edit for
 * words up to 4 characters, two up to 8, three beyond; case, `-` and `_` differences are free.
 * Failing that, the shortest candidate that begins or ends with the word (4 characters or more),
 * for shortened names such as `mfa_serial` or `boundary_arn`.
 *
 * @example didYouMean('role_arn', ['role_arns', 'policy_arns']) // 'role_arns'
 */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const folded = fold(word);
  const list = [...candidates];
  const maxDistance = folded.length <= 4 ? 1 : folded.length <= 8 ? 2 : 3;
  const best = nearestWord(word, list, { maxDistance, fold });
  return best ?? shortenedFrom(folded, list);
}

function shortenedFrom(folded: string, candidates: readonly string[]): string | undefined {
  if (folded.length < 4) return undefined;
  let best: string | undefined;
  for (const candidate of candidates) {
    const other = fold(candidate);
    if (other === folded || (!other.startsWith(folded) && !other.endsWith(folded))) continue;
    if (best === undefined || candidate.length < best.length) best = candidate;
  }
  return best;
}
