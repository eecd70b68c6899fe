import { parseDuration } from '@keyfob/shared/duration';
import type { WrapInfo } from '../wrapping/wrapping-store.ts';
import { badRequest } from './http-error.ts';

/** What the dispatcher hands to response wrapping. */
export interface WrapInput {
  /** The answer's JSON text. */
  readonly response: string;
  /** Seconds. */
  readonly ttl: number;
  /** The request path (`cloud/creds/deploy`): the token's `creation_path`. */
  readonly creationPath: string;
  /** The caller's display name (the wrapping token's). */
  readonly displayName: string;
  /** A wrapped login's token accessor (`wrap_info.wrapped_accessor`). */
  readonly wrappedAccessor?: string | undefined;
}

/** Longest `X-Vault-Wrap-TTL` value read (a duration needs far fewer characters). */
const MAX_WRAP_TTL_HEADER = 64;

/** The prefix of every refusal of the header (the real engine's words). */
const HEADER_ERROR = 'error parsing X-Vault-Wrap-TTL header: ';

/**
 * The seconds of response wrapping a request asks for in `X-Vault-Wrap-TTL`, read as the real
 * engine's duration-second parser reads it (`300`, `5m`, `1d`, `500ms`); 0 or absent is no
 * wrapping. A negative value is 400 with the real engine's message. A value under a second is
 * taken as the real engine takes it (a token that lives that long; see `wrapTtlWarning`).
 */
export function wrapTtlOf(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  if (header.length > MAX_WRAP_TTL_HEADER)
    throw badRequest(
      `${HEADER_ERROR}the value is longer than ${MAX_WRAP_TTL_HEADER} characters; give a duration such as 5m or 300 (seconds) [DURATION_SYNTAX]`,
    );
  const text = header.trim();
  const parsed = parseDuration(text, { allowInteger: true, allowDays: true, field: 'X-Vault-Wrap-TTL' });
  // The real parser reads `-5` as -5 seconds and `-5m` as a negative duration: both are negative.
  if (/^-[\d.]/.test(text) || parsed.problems.some((p) => p.code === 'DURATION_NEGATIVE'))
    throw badRequest(`${HEADER_ERROR}requested wrap ttl cannot be negative`);
  if (parsed.seconds === undefined)
    throw badRequest(`${HEADER_ERROR}${parsed.problems.map((p) => `${p.message} [${p.code}]`).join(' ')}`);
  return parsed.seconds === 0 ? undefined : parsed.seconds;
}

/**
 * keyfob's word on a wrap TTL under a second, which the real engine accepts as asked: its
 * wrapping token is gone before most clients can unwrap it, and `wrap_info.ttl` (whole seconds,
 * cut as the real engine cuts them) reads 0.
 */
function wrapTtlWarning(ttl: number): string | undefined {
  if (ttl >= 1) return undefined;
  return `X-Vault-Wrap-TTL asks for ${Number((ttl * 1000).toPrecision(3))} ms, under a second: the wrapping token expires before most clients can unwrap it, and wrap_info.ttl shows 0; ask for 1s or more [WRAPPING_TTL_TOO_SHORT]`;
}

/** The answer a wrapped request gets, in the envelope's key order: only `wrap_info` (and warnings) filled. */
export function wrappedEnvelope(
  info: WrapInfo,
  warnings: readonly string[] | null,
  ttl: number,
): Record<string, unknown> {
  const short = wrapTtlWarning(ttl);
  if (short !== undefined) warnings = [...(warnings ?? []), short];
  return {
    request_id: '',
    lease_id: '',
    renewable: false,
    lease_duration: 0,
    data: null,
    wrap_info: info,
    warnings: warnings && warnings.length > 0 ? warnings : null,
    auth: null,
    mount_type: '',
  };
}
