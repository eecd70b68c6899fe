import type { CodeInfo } from './code-info.ts';

/** Problem codes of the document area. Codes are stable: never rename one, add a new one instead. */
export const documentCodes = {
  DOC_YAML_SYNTAX: {
    severity: 'error',
    summary: 'The YAML is not well formed, so the document cannot be read as the engine would read it.',
  },
  DOC_YAML_WARNING: {
    severity: 'warning',
    summary: 'The YAML parses, but with a construct that is likely a mistake (an unknown tag, for example).',
  },
  DOC_YAML_BAD_ALIAS: {
    severity: 'error',
    summary:
      'A YAML alias names no earlier anchor, points into its own anchor, or expands to far more data than the file holds.',
  },
  DOC_JSON_SYNTAX: {
    severity: 'error',
    summary:
      'The JSON is not well formed; the first error is reported, with a hint (single quotes, unquoted names, True/None).',
  },
  DOC_JSON_TRAILING_COMMA: {
    severity: 'error',
    summary:
      'A .json object or array ends with a comma, which the engine and strict JSON parsers refuse (a .jsonc file may).',
  },
  DOC_JSON_COMMENT: {
    severity: 'error',
    summary: 'A .json file holds a comment, which the engine and strict JSON parsers refuse (a .jsonc file may).',
  },
  DOC_TOO_DEEP: {
    severity: 'error',
    summary:
      'Lists or maps nest deeper than 100 levels; the document is not read, so a hostile file cannot exhaust the linter.',
  },
  DOC_DUPLICATE_KEY: {
    severity: 'error',
    summary: 'A key appears twice in the same object; the engine keeps only the last value.',
  },
  DOC_KEY_NOT_STRING: {
    severity: 'error',
    summary: 'A YAML key is a list or a map, which has no JSON equivalent; the member is ignored.',
  },
  SUPPRESSION_NO_REASON: {
    severity: 'warning',
    summary: 'A keyfob-disable comment gives no reason after `--`; say why the problem is acceptable.',
  },
  SUPPRESSION_NO_CODE: {
    severity: 'warning',
    summary: 'A keyfob-disable comment names no problem code, so it silences nothing.',
  },
  SUPPRESSION_UNKNOWN_CODE: {
    severity: 'warning',
    summary: 'A keyfob-disable comment names a code that keyfob does not have.',
  },
  SUPPRESSION_UNUSED: {
    severity: 'info',
    summary: 'A keyfob-disable comment names a code that no problem on its line or document had; remove it.',
  },
} as const satisfies Record<string, CodeInfo>;
