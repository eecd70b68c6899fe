/** Where a role was written from, as `keyfob apply` reports it in `x-keyfob-source`. */
export interface RoleSource {
  readonly file: string;
  /** The line of `policy_document` in the file. */
  readonly line?: number;
  /** The file line of each statement, in Statement order. */
  readonly statements?: readonly number[];
}

/** Bounds on the header: the client's (`SOURCE_LIMITS` in shared apply) with room for encoding. */
const MAX_HEADER = 16 * 1024;
const MAX_FILE = 1024;
const MAX_STATEMENTS = 200;
const LINE = (n: unknown): n is number => Number.isInteger(n) && (n as number) > 0 && (n as number) < 10_000_000;

/**
 * Reads `x-keyfob-source` (percent-encoded JSON `{"file","line"?,"statements"?}`); anything else
 * (too long, not JSON, a file name with control characters, lines that are not positive integers)
 * is ignored, never refused: the header is keyfob's extra, and the write itself stands.
 */
export function readRoleSource(header: string | undefined): RoleSource | undefined {
  if (header === undefined || header.length > MAX_HEADER) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(decodeURIComponent(header));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { file, line, statements } = value as Record<string, unknown>;
  if (typeof file !== 'string' || file === '' || file.length > MAX_FILE || /\p{Cc}/u.test(file)) return undefined;
  const lines =
    Array.isArray(statements) && statements.length <= MAX_STATEMENTS && statements.every(LINE) ? statements : undefined;
  return { file, ...(LINE(line) ? { line } : {}), ...(lines ? { statements: lines } : {}) };
}
