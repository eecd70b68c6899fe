import { nearestWord } from '../text/edit-distance.ts';

/**
 * The candidate closest to `name` for a "did you mean" hint: a known alias first, then the
 * smallest edit distance within a third of the name's length (at least 2). Undefined when
 * nothing is close.
 */
export function closestName(
  name: string,
  candidates: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): string | undefined {
  const alias = aliases[name.toLowerCase()];
  if (alias !== undefined) return alias;
  return nearestWord(name, candidates, {
    maxDistance: Math.max(2, Math.floor(name.length / 3)),
    fold: (w) => w.toLowerCase(),
  });
}
