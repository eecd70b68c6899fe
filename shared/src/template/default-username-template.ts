/**
 * keyfob's default username template: the engine's shape with the prefix `keyfob`. For STS,
 * `keyfob-<unix_time>-<random 20>` cut to 32; otherwise `keyfob-` + (`<DisplayName>-<PolicyName>`
 * cut to 42) + `-<unix_time>-<random 20>`, the whole cut to 64. Used when `username_template` is
 * absent or empty.
 */
export const DEFAULT_USERNAME_TEMPLATE =
  '{{ if (eq .Type "STS") }}' +
  '{{ printf "keyfob-%s-%s" (unix_time) (random 20) | truncate 32 }}' +
  '{{ else }}' +
  '{{ printf "keyfob-%s-%s-%s" (printf "%s-%s" (.DisplayName) (.PolicyName) | truncate 42) (unix_time) (random 20) | truncate 64 }}' +
  '{{ end }}';

/** The value of `.Type` the engine passes to the template. */
export type UsernameType = 'IAM' | 'STS';

/** Longest generated username per type, in bytes; a longer name fails generation with 500. */
export const USERNAME_LIMITS: Readonly<Record<UsernameType, number>> = { IAM: 64, STS: 32 };

/**
 * The `.Type` the engine renders for a credential type: `STS` for `federation_token`, `IAM` for
 * `iam_user` and `assumed_role` (the session name); undefined for `session_token` and anything
 * else, which generate no username.
 */
export function templateTypeFor(credentialType: string): UsernameType | undefined {
  if (credentialType === 'federation_token') return 'STS';
  if (credentialType === 'iam_user' || credentialType === 'assumed_role') return 'IAM';
  return undefined;
}
