import { renderUsername } from '@keyfob/shared';
import { randomInt } from '../ids.ts';
import { internalError } from '../http/http-error.ts';

/** Inputs of a generated username. */
export interface UsernameInput {
  readonly credentialType: string;
  readonly displayName: string;
  readonly roleName: string;
}

/**
 * Renders a username (IAM user name, federation token name, default session name) with the mount's
 * template through the shared template module, which normalises `.DisplayName` and `.PolicyName`
 * like the real engine. A name over the provider cap (64 IAM, 32 STS) or a broken template is a 500.
 */
export function makeUsername(templateText: string, input: UsernameInput, now: () => Date): string {
  const result = renderUsername(templateText === '' ? undefined : templateText, input, { now, randomInt });
  if (!result.ok) throw internalError(result.message);
  return result.username;
}
