/**
 * Messages a cloud provider gives while a freshly created key has not reached every replica yet:
 * right after a root rotation the engine's own calls fail this way for a few seconds (seed 1,
 * "Rotate root", note 3).
 */
const NOT_YET_VALID =
  /InvalidClientTokenId|security token included in the request is invalid|not yet (?:valid|active)/i;

/**
 * Whether an engine failure is the provider refusing a key that is still propagating after a root
 * rotation: such a failure passes by itself within seconds, so it is worth retrying for a bounded
 * window even though its status (400, 403, 500) is normally final.
 */
export function isConsistencyError(failure: {
  readonly status?: number | undefined;
  readonly errors: readonly string[];
}): boolean {
  if (failure.status === undefined) return false;
  return failure.errors.some((text) => NOT_YET_VALID.test(text));
}
