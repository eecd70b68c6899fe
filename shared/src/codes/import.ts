import type { CodeInfo } from './code-info.ts';

/** Notes of `keyfob import` (an engine's objects written as role files or Terraform). Codes are stable. */
export const importCodes = {
  IMPORT_SECRET_LEFT_OUT: {
    severity: 'info',
    summary:
      "The root configuration's secret key is never read back: role files leave the static keys out, Terraform takes the secret from a variable.",
  },
  IMPORT_NAME_UNSAFE: {
    severity: 'warning',
    summary:
      'The engine listed a name that is not a valid engine name or cannot be a file name as it is; it was skipped (or written under a safe file name with its `name`).',
  },
  IMPORT_NOT_REPRESENTABLE: {
    severity: 'warning',
    summary:
      'A value the chosen format cannot express (several credential types on one role, a field the Vault provider has no attribute for); it was left out, so applying the output would differ there.',
  },
  IMPORT_KIND_SKIPPED: {
    severity: 'info',
    summary:
      'A kind of object the engine does not serve (no JWT auth method at the path, no root configuration); nothing of it was imported.',
  },
  IMPORT_UNREADABLE: {
    severity: 'warning',
    summary:
      "An object the engine answers but keyfob's rules cannot read (a JWT role the validator refuses); it was skipped.",
  },
} as const satisfies Record<string, CodeInfo>;
