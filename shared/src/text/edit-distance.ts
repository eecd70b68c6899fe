// Edit distance and the nearest-name search behind every "did you mean" hint (field names, credential
// types, role ARNs, template fields and functions): one implementation, each caller gives its threshold.

/** Optimal-string-alignment distance: Levenshtein (insert, delete, substitute) plus adjacent transpositions. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (d[(i - 1) * cols + j] ?? 0) + 1,
        (d[i * cols + j - 1] ?? 0) + 1,
        (d[(i - 1) * cols + j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (d[(i - 2) * cols + j - 2] ?? 0) + 1);
      }
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1] ?? 0;
}

/** How `nearestWord` compares: at most `maxDistance` edits, after `fold` (e.g. case folding) on both sides. */
export interface NearestOptions {
  readonly maxDistance: number;
  readonly fold?: (word: string) => string;
}

/**
 * The candidate with the fewest edits from `word` (the first one on a tie), or undefined when none is
 * within `maxDistance`. A candidate equal to `word` itself is skipped: it is not a suggestion.
 *
 * @example nearestWord('role_arn', ['role_arns', 'policy_arns'], { maxDistance: 2 }) // 'role_arns'
 */
export function nearestWord(word: string, candidates: Iterable<string>, options: NearestOptions): string | undefined {
  const fold = options.fold ?? ((w: string) => w);
  const folded = fold(word);
  let best: string | undefined;
  let bestDistance = options.maxDistance + 1;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const distance = editDistance(folded, fold(candidate));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
