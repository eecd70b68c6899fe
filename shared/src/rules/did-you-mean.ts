/** Folds case and `-`/space to `_`, so `Assumed-Role` matches `assumed_role` exactly. */
function fold(word: string): string {
  return word.toLowerCase().replace(/[-\s]/g, '_');
}

/** Optimal-string-alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((d[(i - 1) * cols + j] ?? 0) + 1, (d[i * cols + j - 1] ?? 0) + 1, (d[(i - 1) * cols + j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (d[(i - 2) * cols + j - 2] ?? 0) + 1);
      }
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1] ?? 0;
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
  const limit = folded.length <= 4 ? 1 : folded.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of list) {
    if (candidate === word) continue;
    const distance = editDistance(folded, fold(candidate));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
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
