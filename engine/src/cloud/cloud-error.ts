import { iamConstraintFaults, type IamStringRule } from '@keyfob/shared/rules';

/**
 * An error of the emulated provider, shaped like the real one's: an error code and a message.
 * The engine prefixes it with the failed step (`Error creating IAM user: ...`); `throttled`
 * errors become 502, the rest 400.
 */
export class CloudError extends Error {
  override readonly name = 'CloudError';

  constructor(
    readonly code: string,
    readonly detail: string,
    readonly statusCode = 400,
  ) {
    super(`${code}: ${detail}`);
  }

  /** True for rate limiting, which the engine reports as 502. */
  get throttled(): boolean {
    return this.code === 'Throttling';
  }
}

/** The provider's rate limit. */
export function throttled(): CloudError {
  return new CloudError('Throttling', 'Rate exceeded', 400);
}

/** Unknown access key, or one still inside its propagation window. */
export function invalidClientToken(): CloudError {
  return new CloudError('InvalidClientTokenId', 'The security token included in the request is invalid.', 403);
}

/** A secret that does not belong to the access key. */
export function signatureMismatch(): CloudError {
  return new CloudError(
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.',
    403,
  );
}

/** Expired temporary credentials. */
export function expiredToken(): CloudError {
  return new CloudError('ExpiredToken', 'The security token included in the request is expired', 403);
}

/** A missing entity (user, key, group). */
export function noSuchEntity(detail: string): CloudError {
  return new CloudError('NoSuchEntity', detail, 404);
}

/** A request the provider refuses for its content. */
export function validationError(detail: string): CloudError {
  return new CloudError('ValidationError', detail, 400);
}

/** A request the caller may not make. */
export function accessDenied(detail: string): CloudError {
  return new CloudError('AccessDenied', detail, 403);
}

/**
 * Checks members against AWS IAM's model (length and pattern: the shared rules the linter uses) and
 * throws the provider's `ValidationError` as AWS words it, listing every failed constraint of every member.
 */
export function checkIamMembers(members: readonly (readonly [string, string, IamStringRule])[]): void {
  const each = members.flatMap(([member, value, rule]) =>
    iamConstraintFaults(value, rule).map(
      (fault) => `Value '${value}' at '${member}' failed to satisfy constraint: ${fault}`,
    ),
  );
  if (each.length === 0) return;
  const count = each.length === 1 ? '1 validation error' : `${each.length} validation errors`;
  throw validationError(`${count} detected: ${each.join('; ')}`);
}
