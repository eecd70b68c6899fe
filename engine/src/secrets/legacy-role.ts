import type { Params } from '../http/parse-params.ts';

/** The warning of a successful legacy write (the real engine's text). */
export const LEGACY_WARNING =
  'Detected use of legacy role or policy parameter. Please upgrade to use the new parameters.';

/**
 * True when the body uses the legacy `policy` or `arn` parameters. The shared rules upgrade such a
 * role the way the real engine does (a role ARN gives assumed_role, a policy ARN iam_user, JSON a
 * two-type iam_user + federation_token role) and report mixing and conflicts with their codes.
 */
export function isLegacyBody(params: Params): boolean {
  return isSet(params.policy) || isSet(params.arn);
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}
