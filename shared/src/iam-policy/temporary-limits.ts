/** The kinds of credentials the provider issues. */
export type CredentialKind = 'iam_user' | 'assumed_role' | 'federation_token' | 'session_token';

/**
 * The provider's fixed limits on temporary credentials, which no policy can lift: federated users
 * call no IAM operation and only GetCallerIdentity in STS; session tokens call IAM only with MFA.
 * Returns the reason for a refusal (worded as the tail of an AccessDenied message), else undefined.
 */
export function temporaryCredentialLimit(kind: CredentialKind, action: string, mfa: boolean): string | undefined {
  const lower = action.toLowerCase();
  if (kind === 'federation_token' && lower.startsWith('iam:'))
    return 'because federated users cannot call IAM operations';
  if (kind === 'federation_token' && lower.startsWith('sts:') && lower !== 'sts:getcalleridentity') {
    return 'because federated users can only call GetCallerIdentity in STS';
  }
  if (kind === 'session_token' && lower.startsWith('iam:') && !mfa)
    return 'because session tokens can call IAM operations only with MFA';
  return undefined;
}
