import type { CredentialFetch } from '@keyfob/shared';

/** One credential set the step obtained, with everything the hand-off needs. */
export interface Issued {
  readonly request: CredentialFetch;
  readonly accessKey: string;
  readonly secretKey: string;
  /** `null` when the credentials carry none (iam_user, static). */
  readonly sessionToken: string | null;
  readonly arn: string | undefined;
  /** `''` when there is no lease (static credentials). */
  readonly leaseId: string;
  readonly leaseDuration: number;
  /** Only iam_user leases are worth revoking: revoking an STS lease does not end the keys. */
  readonly revocable: boolean;
  /** ISO 8601 UTC, when known. */
  readonly expiration: string | undefined;
  /** `iam_user`, `assumed_role`, `federation_token`, `session_token` or `static`. */
  readonly credentialType: string;
}
