/** Whether a value is a JSON object: not null, not an array (a parsed document, a body, a member value). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
