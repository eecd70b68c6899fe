import type { Problem } from '../problem.ts';
import {
  validateJwtRole,
  validateLeaseConfig,
  validateManifest,
  validateRole,
  validateRootConfig,
  validateStaticRole,
} from '../rules/index.ts';
import type { LintKind } from './detect-kind.ts';

/**
 * Runs the validator of a kind on one document's value. Files are where secrets must not be, so
 * root configuration is checked as `source: 'file'`.
 */
export function validateDocument(kind: LintKind, value: unknown, name: string | undefined): Problem[] {
  const options = name === undefined ? {} : { name };
  switch (kind) {
    case 'role':
      return validateRole(value, options).problems;
    case 'static-role':
      return validateStaticRole(value, options).problems;
    case 'manifest':
      return validateManifest(value, { source: 'file' }).problems;
    case 'root-config':
      return validateRootConfig(value, { source: 'file' }).problems;
    case 'lease-config':
      return validateLeaseConfig(value).problems;
    case 'jwt-role':
      return validateJwtRole(value).problems;
    case 'policy':
      // Policies are read from their text (HCL or JSON) by lintPolicyFile, never from parsed data.
      return [];
  }
}
