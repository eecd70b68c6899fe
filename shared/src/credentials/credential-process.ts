import type { IssuedCredentials } from './issue-credentials.ts';

/**
 * What an AWS `credential_process` prints (the AWS CLI's and every SDK's "sourcing credentials
 * with an external process" contract): `Version` 1, the key pair, the session token when there is
 * one, and `Expiration` (ISO 8601) when the credentials end, so the tool calls the process again
 * before then. Credentials without an expiry are used by the tool until it exits.
 */
export interface CredentialProcessOutput {
  readonly Version: 1;
  readonly AccessKeyId: string;
  readonly SecretAccessKey: string;
  readonly SessionToken?: string;
  readonly Expiration?: string;
}

/**
 * The cached answer is reused while it has more than this left; nearer its end a new set is issued.
 * AWS tools themselves refresh some minutes before the end (botocore from 15 minutes for process
 * credentials, the SDK from 5), so the cache hands over well before the keys stop working.
 */
const CREDENTIAL_CACHE_MARGIN_MS = 5 * 60_000;

/** At most this share of a set's whole life is spent as the margin (short sets still get reused). */
const MARGIN_SHARE = 1 / 3;

/** Longest cache file read back (a set is far smaller; anything larger is not ours). */
const MAX_CACHE_BYTES = 64 * 1024;

/** The `credential_process` JSON for one issued set (one line, newline-terminated). */
export function credentialProcessOutput(issued: IssuedCredentials): CredentialProcessOutput {
  return {
    Version: 1,
    AccessKeyId: issued.accessKey,
    SecretAccessKey: issued.secretKey,
    ...(issued.sessionToken ? { SessionToken: issued.sessionToken } : {}),
    ...(issued.expiration ? { Expiration: issued.expiration } : {}),
  };
}

/** One cache file: the answer, and when it was issued (to size the margin of short-lived sets). */
interface CredentialCacheEntry {
  readonly issuedAt: string;
  readonly output: CredentialProcessOutput;
}

/** The cache file's text for an answer issued at `nowMs`. */
function credentialCacheText(output: CredentialProcessOutput, nowMs: number): string {
  const entry: CredentialCacheEntry = { issuedAt: new Date(nowMs).toISOString(), output };
  return `${JSON.stringify(entry)}\n`;
}

/**
 * The cached answer when it may still be handed out at `nowMs`: well-formed, with an expiry, and
 * more than the margin (5 minutes, or a third of the set's life when that is shorter) before it.
 * Anything else (no file, a foreign or damaged file, a set near its end) means: issue a new set.
 */
function freshCachedCredentials(text: string | undefined, nowMs: number): CredentialProcessOutput | undefined {
  if (text === undefined || text.length > MAX_CACHE_BYTES) return undefined;
  let entry: Partial<CredentialCacheEntry>;
  try {
    entry = JSON.parse(text) as Partial<CredentialCacheEntry>;
  } catch {
    return undefined;
  }
  const output = entry.output as Partial<CredentialProcessOutput> | undefined;
  if (
    output?.Version !== 1 ||
    typeof output.AccessKeyId !== 'string' ||
    typeof output.SecretAccessKey !== 'string' ||
    (output.SessionToken !== undefined && typeof output.SessionToken !== 'string') ||
    typeof output.Expiration !== 'string' ||
    typeof entry.issuedAt !== 'string'
  )
    return undefined;
  const end = Date.parse(output.Expiration);
  const start = Date.parse(entry.issuedAt);
  if (!Number.isFinite(end) || !Number.isFinite(start)) return undefined;
  const margin = Math.min(CREDENTIAL_CACHE_MARGIN_MS, Math.max(0, end - start) * MARGIN_SHARE);
  return end - nowMs > margin ? (output as CredentialProcessOutput) : undefined;
}

/**
 * A file name for the cache of one request: which engine, mount, role and request settings it
 * answers. `digest` is the caller's SHA-256 hex (shared code has no crypto), so different requests
 * never share a file and nothing about the request shows in the name but the role.
 */
function credentialCacheName(role: string, digest: (text: string) => string, identity: unknown): string {
  return `${role.replace(/[^A-Za-z0-9_.@-]/g, '_').slice(0, 64)}-${digest(JSON.stringify(identity)).slice(0, 16)}.json`;
}

/** The files a credential cache lives in: the adapter's directory (0700) and files (0600). */
export interface CacheFiles {
  /** The file's text, or undefined when there is none (or it cannot be read). */
  read(name: string): string | undefined;
  /** Replaces the file whole (never a half-written file for a concurrent reader). */
  write(name: string, text: string): void;
}

/** One request's cache: the fresh answer, if any, and where a new one goes. */
export interface CredentialCache {
  read(nowMs: number): CredentialProcessOutput | undefined;
  write(output: CredentialProcessOutput, nowMs: number): void;
}

/**
 * The cache of one request (`identity`: engine URL, mount, namespace and the request) in `files`:
 * answers while `freshCachedCredentials` says so. Credentials without an expiry are not cached (the
 * tool keeps them for its whole run anyway).
 */
export function credentialCache(
  files: CacheFiles,
  role: string,
  identity: unknown,
  digest: (text: string) => string,
): CredentialCache {
  const name = credentialCacheName(role, digest, identity);
  return {
    read: (nowMs) => freshCachedCredentials(files.read(name), nowMs),
    write: (output, nowMs) => {
      if (output.Expiration !== undefined) files.write(name, credentialCacheText(output, nowMs));
    },
  };
}
