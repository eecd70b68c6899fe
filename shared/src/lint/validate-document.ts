import type { Problem } from '../problem.ts';
import {
  validateJwtRole,
  validateLeaseConfig,
  validateManifest,
  validateRole,
  validateRootConfig,
  validateStaticRole,
  type LeaseConfig,
  type ManifestDefinition,
  type RoleDefinition,
  type RootConfig,
  type StaticRoleDefinition,
} from '../rules/index.ts';
import type { LintKind } from './detect-kind.ts';

/** The validated, normalised value of each kind of document. */
interface KindValue {
  role: RoleDefinition;
  'static-role': StaticRoleDefinition;
  manifest: ManifestDefinition;
  'root-config': RootConfig;
  'lease-config': LeaseConfig;
  /** The body to write (file-only keys removed). */
  'jwt-role': Readonly<Record<string, unknown>>;
}

/**
 * One document through its kind's validator: the normalised value (undefined when a problem is an
 * error) and the validator's problems, kept with the linted document so apply and access use the
 * value lint made instead of validating again.
 */
export type DocumentCheck = {
  readonly [K in keyof KindValue]: {
    readonly kind: K;
    readonly value: KindValue[K] | undefined;
    readonly problems: readonly Problem[];
  };
}[keyof KindValue];

/** A document's check when it is of `kind`, else undefined. */
export function checkOf<K extends keyof KindValue>(
  check: DocumentCheck | undefined,
  kind: K,
): Extract<DocumentCheck, { kind: K }> | undefined {
  return check?.kind === kind ? (check as Extract<DocumentCheck, { kind: K }>) : undefined;
}

/**
 * A validator's result as a check of `kind`: a new object of three properties, not a spread copy
 * (lint keeps one per document).
 */
function checked<K extends keyof KindValue>(
  kind: K,
  validation: { readonly value: KindValue[K] | undefined; readonly problems: readonly Problem[] },
): Extract<DocumentCheck, { kind: K }> {
  return { kind, value: validation.value, problems: validation.problems } as Extract<DocumentCheck, { kind: K }>;
}

/**
 * Runs the validator of a kind on one document's value. Files are where secrets must not be, so
 * root configuration is checked as `source: 'file'`. Policies are read from their text (HCL or
 * JSON) by lintPolicyFile, never from parsed data: no check.
 */
export function validateDocument(kind: LintKind, value: unknown, name: string | undefined): DocumentCheck | undefined {
  const options = name === undefined ? {} : { name };
  switch (kind) {
    case 'role':
      return checked(kind, validateRole(value, options));
    case 'static-role':
      return checked(kind, validateStaticRole(value, options));
    case 'manifest':
      return checked(kind, validateManifest(value, { source: 'file' }));
    case 'root-config':
      return checked(kind, validateRootConfig(value, { source: 'file' }));
    case 'lease-config':
      return checked(kind, validateLeaseConfig(value));
    case 'jwt-role':
      return checked(kind, validateJwtRole(value));
    case 'policy':
      return undefined;
  }
}
