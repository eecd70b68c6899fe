import type { EngineClient, GeneratedCredentials, StaticCredentials } from '../client/index.ts';
import type { CredentialFetch } from './credential-fetches.ts';
import { computeExpiration } from './expiration.ts';

/** The client calls credential fetching needs (an `EngineClient` fits). */
export type CredentialClient = Pick<EngineClient, 'creds' | 'sts' | 'readStaticCredentials' | 'readRole'>;

/** One credential set obtained from the engine, with what a hand-off needs to know about it. */
export interface IssuedCredentials {
  readonly request: CredentialFetch;
  readonly accessKey: string;
  readonly secretKey: string;
  /** `null` when the credentials carry none (iam_user, static). */
  readonly sessionToken: string | null;
  readonly arn: string | undefined;
  /** `''` when there is no lease (static credentials). */
  readonly leaseId: string;
  /** Seconds. */
  readonly leaseDuration: number;
  /** Only iam_user leases are worth revoking: revoking an STS lease does not end its keys. */
  readonly revocable: boolean;
  /** ISO 8601 UTC, when known (see `computeExpiration`). */
  readonly expiration: string | undefined;
  /** `iam_user`, `assumed_role`, `federation_token`, `session_token`, `sts` (one of the last two) or `static`. */
  readonly credentialType: string;
}

/** What `issueCredentials` needs from outside. */
export interface IssueOptions {
  /** Clock in ms (for the expiry). */
  readonly now: () => number;
  /**
   * Called with each secret value the moment it arrives, before anything else happens, so a caller
   * can register it with a log masker first.
   */
  readonly onSecret?: (value: string) => void;
  /**
   * What the caller already knows of session credentials without an ARN, which the engine's answer
   * alone does not tell apart: `federation_token` or `session_token` (the role's linted
   * `credential_type`), or `sts` when the caller never shows the type (a credential_process answer
   * has no field for it). Left out, the role is read to tell them apart.
   */
  readonly sessionType?: SessionType;
}

/** The type of session credentials without an ARN; `sts` when it is not told apart. */
type SessionType = 'federation_token' | 'session_token' | 'sts';

/**
 * Fetches one credential set as the request says (`GET /creds`, `POST /sts` or `GET /static-creds`)
 * and describes it: type (from the response; a role read settles federation_token vs session_token
 * when the token may read roles), expiry, lease and whether the lease is worth revoking. Resolves
 * `undefined` when a static role does not exist; engine failures reject with `EngineError`.
 */
export async function issueCredentials(
  client: CredentialClient,
  request: CredentialFetch,
  options: IssueOptions,
): Promise<IssuedCredentials | undefined> {
  if (request.method === 'static-creds') {
    const found = await client.readStaticCredentials(request.role);
    return found === undefined ? undefined : describeStatic(request, found, options);
  }
  const creds =
    request.method === 'sts'
      ? await client.sts(request.role, request.params)
      : await client.creds(request.role, request.params);
  const described = describeGenerated(request, creds, options);
  if (described.credentialType !== 'sts') return described;
  return { ...described, credentialType: options.sessionType ?? (await stsType(client, request.role)) };
}

/**
 * One set of dynamic credentials as the engine answered it (also an unwrapped one): its secrets
 * handed to `onSecret` first, then its type from the answer (`sts` when only a role read can tell
 * federation_token from session_token), expiry, lease and whether the lease is worth revoking.
 */
export function describeGenerated(
  request: CredentialFetch,
  creds: GeneratedCredentials,
  options: IssueOptions,
): IssuedCredentials {
  // The access key id is masked too: cloud CLIs print it, and it names the secret.
  for (const value of [creds.accessKey, creds.secretKey, creds.sessionToken]) if (value) options.onSecret?.(value);
  return {
    request,
    accessKey: creds.accessKey,
    secretKey: creds.secretKey,
    sessionToken: creds.sessionToken,
    arn: creds.arn,
    leaseId: creds.leaseId,
    leaseDuration: creds.leaseDuration,
    revocable: creds.sessionToken === null && creds.leaseId !== '',
    expiration: computeExpiration({
      now: options.now(),
      leaseDurationSeconds: creds.leaseDuration,
      ttlSeconds: creds.ttl,
      requestedTtlSeconds: request.ttlSeconds,
    }),
    credentialType: creds.sessionToken === null ? 'iam_user' : creds.arn ? 'assumed_role' : 'sts',
  };
}

/** A static role's current key as the engine answered it (also an unwrapped one), secrets to `onSecret` first. */
export function describeStatic(
  request: CredentialFetch,
  found: StaticCredentials,
  options: Pick<IssueOptions, 'onSecret'>,
): IssuedCredentials {
  options.onSecret?.(found.accessKey);
  options.onSecret?.(found.secretKey);
  return {
    request,
    accessKey: found.accessKey,
    secretKey: found.secretKey,
    sessionToken: null,
    arn: undefined,
    leaseId: '',
    leaseDuration: 0,
    revocable: false,
    expiration: found.expiration ?? undefined,
    credentialType: 'static',
  };
}

/**
 * Session credentials without an ARN: federation_token or session_token. The engine's answer is the
 * same for both (keys, a session token, no ARN) and the caller did not know the role's type, so
 * only the role itself can say which: this read is the one extra request, and only for these two.
 */
async function stsType(client: CredentialClient, role: string): Promise<SessionType> {
  try {
    const read = await client.readRole(role);
    const type = read?.credentialTypes.find((t): t is SessionType => t === 'federation_token' || t === 'session_token');
    if (type) return type;
  } catch {
    // A token that may fetch credentials need not be allowed to read roles; the type stays generic.
  }
  return 'sts';
}
