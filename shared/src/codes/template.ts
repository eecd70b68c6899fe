import type { CodeInfo } from './code-info.ts';

/** Problem codes of the template area. Codes are stable: never rename one, add a new one instead. */
export const templateCodes = {
  TEMPLATE_SYNTAX: {
    severity: 'error',
    engineAccepts: true,
    summary:
      'The username template is not valid template syntax (a stray character, an unterminated string, an unsupported construct).',
  },
  TEMPLATE_UNCLOSED_ACTION: {
    severity: 'error',
    engineAccepts: true,
    summary: 'A `{{` action or `{{/* */}}` comment in the username template is never closed with `}}`.',
  },
  TEMPLATE_UNMATCHED_END: {
    severity: 'error',
    engineAccepts: true,
    summary: 'An `{{ end }}` or `{{ else }}` in the username template has no open `{{ if }}`.',
  },
  TEMPLATE_MISSING_END: {
    severity: 'error',
    engineAccepts: true,
    summary: 'An `{{ if }}` in the username template is never closed with `{{ end }}`.',
  },
  TEMPLATE_UNKNOWN_FUNC: {
    severity: 'error',
    engineAccepts: true,
    summary:
      'The username template calls a function the engine does not define (`data.suggestion` holds the closest one).',
  },
  TEMPLATE_UNKNOWN_FIELD: {
    severity: 'error',
    engineAccepts: true,
    summary: 'The username template reads a field other than `.Type`, `.DisplayName` or `.PolicyName`.',
  },
  TEMPLATE_ARITY: {
    severity: 'error',
    engineAccepts: true,
    summary: 'A template function gets the wrong number of arguments (a piped value counts as the last one).',
  },
  TEMPLATE_ARG_TYPE: {
    severity: 'error',
    engineAccepts: true,
    summary: 'A template function gets an argument of the wrong type, such as a string where a number is needed.',
  },
  TEMPLATE_ARG_VALUE: {
    severity: 'error',
    engineAccepts: true,
    summary:
      'A constant argument is out of range and would fail every generation (`truncate 0`, `truncate_sha256 8`, `random -1`).',
  },
  TEMPLATE_NO_TYPE_BRANCH: {
    severity: 'warning',
    summary:
      'The username template has no `{{ if }}` on `.Type`, so IAM and STS names cannot get their own shape and cap.',
  },
  TEMPLATE_MAY_EXCEED_LIMIT: {
    severity: 'warning',
    summary:
      'The longest username the template can produce is over the cap (64 for IAM, 32 for STS); such a generation fails with 500.',
  },
  TEMPLATE_ALWAYS_EXCEEDS_LIMIT: {
    severity: 'error',
    engineAccepts: true,
    summary:
      'Even the shortest username the template can produce is over the cap (64 for IAM, 32 for STS); every generation fails with 500.',
  },
  TEMPLATE_USERNAME_CHARACTERS: {
    severity: 'error',
    engineAccepts: true,
    summary:
      'Literal text of the username template puts a character into every name that IAM user names, role session names and federated-user names cannot hold (only letters, digits and `+=,.@_-`); such a generation fails with ValidationError.',
  },
} as const satisfies Record<string, CodeInfo>;
