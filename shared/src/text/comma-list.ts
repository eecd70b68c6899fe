/** Splits a comma list the way the engine does: items trimmed, the empty ones dropped. */
export function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * A list field's items from either accepted form (seed 1: "a comma-separated string or a JSON array"),
 * read as the engine reads them: strings trimmed, empty ones dropped; anything else reads as `[]`.
 */
export function readCommaList(value: unknown): string[] {
  if (Array.isArray(value))
    return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
  if (typeof value === 'string') return splitCommaList(value);
  return [];
}
