/**
 * JSON text with object keys sorted at every level, so two policy documents that differ only in key
 * order or spacing compare equal. Text that is not JSON is returned trimmed, as it is.
 */
export function canonicalJson(text: string): string {
  if (text.trim() === '') return '';
  try {
    return JSON.stringify(sortKeys(JSON.parse(text)));
  } catch {
    return text.trim();
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
  }
  return value;
}
