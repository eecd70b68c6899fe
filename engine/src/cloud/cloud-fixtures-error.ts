/** The cloud fixtures given at start (`keyfob serve --cloud FILE`) were refused; nothing was started. */
export class CloudFixturesError extends Error {
  override readonly name = 'CloudFixturesError';
  constructor(readonly problems: readonly string[]) {
    super(`the cloud fixtures are invalid: ${problems.join('; ')}`);
  }
}

/** Whether a thrown value is a `CloudFixturesError` (also across bundle copies of the class). */
export function isCloudFixturesError(value: unknown): value is CloudFixturesError {
  return (
    value instanceof Error &&
    value.name === 'CloudFixturesError' &&
    Array.isArray((value as { problems?: unknown }).problems)
  );
}
