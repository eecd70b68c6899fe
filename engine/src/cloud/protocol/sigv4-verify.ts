import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { CloudError } from '../cloud-error.ts';
import { Sha256 } from './sha256.ts';

/** How far a request's date may be from the wall clock (the provider's 15 minutes). */
const MAX_SKEW_MS = 15 * 60 * 1000;

/** A request as received, for signature checking. */
export interface SignedRequest {
  readonly method: string;
  /** Path as received, without the query. */
  readonly path: string;
  /** Raw query string (without `?`). */
  readonly query: string;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: Buffer;
}

/** The parts of a SigV4 `Authorization` header. */
export interface SignatureParts {
  readonly accessKeyId: string;
  readonly date: string;
  readonly region: string;
  readonly service: string;
  readonly signedHeaders: readonly string[];
  readonly signature: string;
  readonly sessionToken: string | undefined;
  readonly signingDate: Date;
  /** Set for a presigned request (query-string SigV4): `X-Amz-Expires`, in seconds. */
  readonly expiresIn?: number;
}

/** The longest a presigned request may stay valid (SigV4's limit: a week). */
const MAX_PRESIGN_SECONDS = 604_800;
/** The query parameters of a presigned request's signature, not part of what was signed as the query. */
const PRESIGN_PARAMS: ReadonlySet<string> = new Set([
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Security-Token',
  'X-Amz-Signature',
]);

/**
 * Checks 1-3 of the provider's verifier (see the reference): a signature is present (the
 * `Authorization` header, or the `X-Amz-*` query parameters of a presigned request), it is
 * complete, the scope is well formed and names `service`. Returns the parts; throws CloudError.
 */
export function parseSignature(request: SignedRequest, service: string): SignatureParts {
  const auth = request.headers.authorization;
  if (auth === undefined) {
    if (/(^|&)X-Amz-Algorithm=/.test(request.query)) return parsePresigned(request, service);
    throw new CloudError('MissingAuthenticationToken', 'Request is missing Authentication Token', 403);
  }
  const match = /^AWS4-HMAC-SHA256 +(.*)$/s.exec(auth);
  if (!match)
    throw new CloudError(
      'IncompleteSignature',
      `Unsupported AWS 'algorithm': '${auth.split(' ')[0]?.slice(0, 32) ?? ''}'`,
      400,
    );
  const fields = new Map<string, string>();
  for (const part of (match[1] ?? '').split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  for (const name of ['Credential', 'SignedHeaders', 'Signature']) {
    const value = fields.get(name);
    if (value === undefined || value === '')
      throw new CloudError(
        'IncompleteSignature',
        `Authorization header requires '${name}' parameter. Authorization=${auth.split(' ')[0] ?? ''}`,
        400,
      );
  }
  const amzDate = request.headers['x-amz-date'];
  if (amzDate === undefined)
    throw new CloudError(
      'IncompleteSignature',
      "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.",
      400,
    );
  return checkedParts(
    service,
    fields.get('Credential') ?? '',
    fields.get('SignedHeaders') ?? '',
    fields.get('Signature') ?? '',
    amzDate,
    request.headers['x-amz-security-token'],
  );
}

/** A presigned request: the signature's parts from the query (`X-Amz-*`), with its expiry. */
function parsePresigned(request: SignedRequest, service: string): SignatureParts {
  const query = new URLSearchParams(request.query);
  const algorithm = query.get('X-Amz-Algorithm') ?? '';
  if (algorithm !== 'AWS4-HMAC-SHA256')
    throw new CloudError('IncompleteSignature', `Unsupported AWS 'algorithm': '${algorithm.slice(0, 32)}'`, 400);
  for (const name of ['X-Amz-Credential', 'X-Amz-SignedHeaders', 'X-Amz-Signature', 'X-Amz-Date', 'X-Amz-Expires']) {
    if (!query.get(name))
      throw new CloudError(
        'IncompleteSignature',
        `AWS query-string parameters must include '${name}'. Re-examine the query-string parameters.`,
        400,
      );
  }
  const expires = query.get('X-Amz-Expires') ?? '';
  if (!/^\d{1,7}$/.test(expires) || Number(expires) < 1)
    throw new CloudError(
      'IncompleteSignature',
      `X-Amz-Expires must be a whole number of seconds, 1 or more; got '${expires.slice(0, 16)}'.`,
      400,
    );
  if (Number(expires) > MAX_PRESIGN_SECONDS)
    throw new CloudError(
      'IncompleteSignature',
      `X-Amz-Expires must be less than a week (in seconds) that is ${MAX_PRESIGN_SECONDS}.`,
      400,
    );
  const parts = checkedParts(
    service,
    query.get('X-Amz-Credential') ?? '',
    query.get('X-Amz-SignedHeaders') ?? '',
    query.get('X-Amz-Signature') ?? '',
    query.get('X-Amz-Date') ?? '',
    query.get('X-Amz-Security-Token') ?? undefined,
  );
  return { ...parts, expiresIn: Number(expires) };
}

/** Check 3 on the parts of a signature, wherever they came from; throws SignatureDoesNotMatch. */
function checkedParts(
  service: string,
  credential: string,
  signed: string,
  signature: string,
  amzDate: string,
  sessionToken: string | undefined,
): SignatureParts {
  const scope = credential.split('/');
  const [accessKeyId = '', date = '', region = '', scopeService = '', terminal = ''] = scope;
  const mismatch = (text: string): CloudError => new CloudError('SignatureDoesNotMatch', text, 403);
  if (scope.length !== 5 || terminal !== 'aws4_request')
    throw mismatch(`Credential should be scoped to a valid region. `);
  if (!/^[a-z0-9-]{1,32}$/.test(region)) throw mismatch(`Credential should be scoped to a valid region. `);
  if (scopeService !== service) throw mismatch(`Credential should be scoped to correct service: '${service}'. `);
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || date !== amzDate.slice(0, 8)) {
    throw mismatch(
      `Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '${date.slice(0, 8)}' != '${amzDate.slice(0, 8)}', from '${amzDate.slice(0, 16)}'.`,
    );
  }
  const signedHeaders = signed.split(';');
  if (!signedHeaders.includes('host')) throw mismatch("'Host' must be a signed header.");
  if (!/^[0-9a-f]{64}$/.test(signature))
    throw mismatch('The request signature we calculated does not match the signature you provided.');
  const signingDate = new Date(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  if (Number.isNaN(signingDate.getTime())) throw mismatch(`Invalid X-Amz-Date '${amzDate}'.`);
  return { accessKeyId, date, region, service: scopeService, signedHeaders, signature, sessionToken, signingDate };
}

/**
 * Check 5: the request's date within 15 minutes of the engine clock (the dev clock, so a tool whose
 * clock follows a moved dev clock is judged as the credentials' expiry is); a presigned request
 * until its date plus `X-Amz-Expires` (RequestExpired after).
 */
export function checkSkew(parts: SignatureParts, now: number): void {
  const at = parts.signingDate.getTime();
  const stamp = (ms: number): string =>
    new Date(ms)
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z')
      .replace(/[-:]/g, '');
  // A presigned request lives from its date for X-Amz-Expires seconds, however old its date.
  if (parts.expiresIn !== undefined && now > at + parts.expiresIn * 1000) {
    throw new CloudError(
      'RequestExpired',
      `Request has expired: signed ${stamp(at)} for ${parts.expiresIn} seconds, now ${stamp(now)}.`,
      400,
    );
  }
  if (parts.expiresIn === undefined && at < now - MAX_SKEW_MS) {
    throw new CloudError(
      'SignatureDoesNotMatch',
      `Signature expired: ${stamp(at)} is now earlier than ${stamp(now - MAX_SKEW_MS)} (${stamp(now)} - 15 min.)`,
      403,
    );
  }
  if (at > now + MAX_SKEW_MS) {
    throw new CloudError(
      'SignatureDoesNotMatch',
      `Signature not yet current: ${stamp(at)} is still later than ${stamp(now + MAX_SKEW_MS)} (${stamp(now)} + 15 min.)`,
      403,
    );
  }
}

/**
 * Check 6: re-signs the request as received with `secret` through AWS's own signer
 * (`@smithy/signature-v4`: only the headers the client signed, the path exactly as sent) and
 * compares the signatures in constant time. Throws SignatureDoesNotMatch.
 */
export async function checkSignature(request: SignedRequest, parts: SignatureParts, secret: string): Promise<void> {
  const headers: Record<string, string> = {};
  for (const name of parts.signedHeaders) {
    const value = request.headers[name];
    if (value === undefined)
      throw new CloudError(
        'SignatureDoesNotMatch',
        `The request signs header '${name.slice(0, 64)}' but does not send it.`,
        403,
      );
    headers[name] = value;
  }
  const declared = request.headers['x-amz-content-sha256'];
  if (declared !== undefined && declared !== createHash('sha256').update(request.body).digest('hex')) {
    throw new CloudError(
      'XAmzContentSHA256Mismatch',
      'The provided x-amz-content-sha256 header does not match what was computed.',
      400,
    );
  }
  const signer = new SignatureV4({
    credentials: {
      accessKeyId: parts.accessKeyId,
      secretAccessKey: secret,
      ...(parts.sessionToken !== undefined ? { sessionToken: parts.sessionToken } : {}),
    },
    region: parts.region,
    service: parts.service,
    sha256: Sha256,
    uriEscapePath: true,
    applyChecksum: false,
  });
  const host = headers.host ?? '';
  const colon = host.lastIndexOf(':');
  // A presigned request signs its query without the signature's own parameters; presign() adds
  // them back from the credentials, date and expiry, exactly as the client's signer did.
  const query = queryRecord(request.query, parts.expiresIn !== undefined ? PRESIGN_PARAMS : undefined);
  const unsigned = new HttpRequest({
    method: request.method,
    protocol: 'http:',
    hostname: colon > 0 ? host.slice(0, colon) : host,
    ...(colon > 0 ? { port: Number(host.slice(colon + 1)) } : {}),
    path: safeDecode(request.path),
    query,
    headers,
    body: request.body.length > 0 ? request.body : undefined,
  });
  const options = {
    signingDate: parts.signingDate,
    signableHeaders: new Set(parts.signedHeaders),
    unsignableHeaders: new Set<string>(),
  };
  const expected =
    parts.expiresIn === undefined
      ? (/Signature=([0-9a-f]{64})/.exec(
          String((await signer.sign(unsigned, options)).headers.authorization ?? ''),
        )?.[1] ?? '')
      : String(
          (await signer.presign(unsigned, { ...options, expiresIn: parts.expiresIn })).query?.['X-Amz-Signature'] ?? '',
        );
  if (expected.length !== 64 || !timingSafeEqual(Buffer.from(expected), Buffer.from(parts.signature))) {
    throw new CloudError(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
      403,
    );
  }
}

function queryRecord(query: string, skip?: ReadonlySet<string>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    if (skip?.has(name)) continue;
    const prior = out[name];
    out[name] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior, value];
  }
  return out;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
