/**
 * The strings to register with a log masker for one secret: the whole value and, for a multi-line
 * value, each non-empty line (a runner masks line by line, so a PEM key or a JSON blob printed
 * across lines would otherwise slip through). Empty strings are skipped: a runner warns on them.
 *
 * @example secretParts('a\nb') // ['a\nb', 'a', 'b']
 */
export function secretParts(value: string): string[] {
  if (value.trim() === '') return [];
  const parts = new Set<string>([value]);
  for (const line of value.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed !== '') {
      parts.add(line.replace(/\r$/, ''));
      parts.add(trimmed);
    }
  }
  return [...parts];
}
