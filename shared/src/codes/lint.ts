import type { CodeInfo } from './code-info.ts';

/** Problem codes of file-level linting (kinds and names across documents). Codes are stable: never rename one, add a new one instead. */
export const lintCodes = {
  LINT_UNKNOWN_KIND: {
    severity: 'warning',
    summary:
      'Neither the file name nor a `$schema` says what a document is; name the file `*.role.yaml` (or similar) or add `$schema`.',
  },
  LINT_UNKNOWN_SCHEMA: {
    severity: 'warning',
    summary:
      "`$schema` points into keyfob's schema folder but names no known schema (`data.suggestion` holds the closest).",
  },
  LINT_MISSING_NAME: {
    severity: 'error',
    summary:
      "A file holds several role documents but one of them has no `name` key, so they would all take the file's name.",
  },
  LINT_DUPLICATE_NAME: {
    severity: 'error',
    summary: 'Two documents of one file declare the same role name; the later one would overwrite the earlier.',
  },
} as const satisfies Record<string, CodeInfo>;
