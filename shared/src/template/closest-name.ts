/** Edit distance (insertions, deletions, substitutions) between two short names, case-insensitive. */
function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[y.length] ?? Math.max(x.length, y.length);
}

/**
 * The candidate closest to `name` for a "did you mean" hint: a known alias first, then the
 * smallest edit distance within a third of the name's length (at least 2). Undefined when
 * nothing is close.
 */
export function closestName(name: string, candidates: readonly string[], aliases: Readonly<Record<string, string>> = {}): string | undefined {
  const alias = aliases[name.toLowerCase()];
  if (alias !== undefined) return alias;
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
