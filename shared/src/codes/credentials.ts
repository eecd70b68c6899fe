import type { CodeInfo } from './code-info.ts';

/**
 * Problem codes of the credentials area: the action's inputs, the `roles` multi-line input and the
 * `keyfob creds` flags. Codes are stable: never rename one, add a new one instead.
 */
export const credentialsCodes = {
  INPUT_REQUIRED: { severity: 'error', summary: 'An input the chosen mode needs is empty.' },
  INPUT_INVALID_CHOICE: { severity: 'error', summary: 'An input holds a value outside its list of choices.' },
  INPUT_INVALID_BOOLEAN: { severity: 'error', summary: 'A yes/no input holds something other than `true` or `false`.' },
  INPUT_INVALID_NUMBER: { severity: 'error', summary: 'A number input is not a whole number in its allowed range.' },
  INPUT_INVALID_URL: {
    severity: 'error',
    summary: 'The engine URL is not an absolute `http://` or `https://` URL without a path beyond `/`.',
  },
  INPUT_INVALID_VALUE: {
    severity: 'error',
    summary: 'An input value has the wrong shape (role name, ARN, MFA code, header name, PEM certificate).',
  },
  INPUT_CONFLICT: { severity: 'error', summary: 'Two inputs that exclude each other were both given.' },
  INPUT_IGNORED: { severity: 'warning', summary: 'An input has no effect in the chosen mode.' },
  INPUT_SESSION_NAME_CHANGED: {
    severity: 'warning',
    summary: 'A role session name was changed: characters outside `[\\w+=,.@-]` replaced, or cut to 64 characters.',
  },
  ENV_NAME_INVALID: {
    severity: 'error',
    summary: 'An environment variable prefix is not a valid name (letters, digits, `_`, not starting with a digit).',
  },
  ENV_NAME_RESERVED: {
    severity: 'error',
    summary:
      'An environment variable prefix would overwrite variables the runner owns (`GITHUB_`, `RUNNER_`, `ACTIONS_`, `INPUT_`, `STATE_`).',
  },
  ROLES_INPUT_SYNTAX: {
    severity: 'error',
    summary: 'A line of the `roles` input is not `NAME [key=value ...] [| ENV]`.',
  },
  ROLES_INPUT_UNKNOWN_KEY: {
    severity: 'error',
    summary: 'A line of the `roles` input sets a key that does not exist.',
  },
  ROLES_INPUT_DUPLICATE_KEY: { severity: 'error', summary: 'A line of the `roles` input sets the same key twice.' },
  ROLES_INPUT_DUPLICATE_ENV: {
    severity: 'error',
    summary: 'Two lines of the `roles` input would export to the same environment variable names.',
  },
  ROLES_INPUT_EMPTY: { severity: 'error', summary: 'The `roles` input has no role lines (only blanks and comments).' },
} as const satisfies Record<string, CodeInfo>;
