import { createHash, timingSafeEqual } from 'node:crypto';
import { Hash } from '@smithy/hash-node';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { CloudError } from '../cloud-error.ts';

/** How far a request's date may be from the wall clock (the provider's 15 minutes). */
const MAX_SKEW_MS = 15 * 60 * 1000;

/** SHA-256 for the SDK signer through node:crypto (what the SDK itself uses on Node). */
class Sha256 extends Hash {
  constructor(secret?: Parameters<typeof Hash.prototype.update>[0]) {
    super('sha256', secret);
  }
}

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
}

/**
 * Checks 1-3 of the provider's verifier (see the reference): a signature is present, the header is
 * complete, the scope is well formed and names `service`. Returns the parts; throws CloudError.
 */
export function parseSignature(request: SignedRequest, service: string): SignatureParts {
  const auth = request.headers.authorization;
  if (auth === undefined) {
    if (/(^|&)X-Amz-Algorithm=/.test(request.query)) {
      throw new CloudError('IncompleteSignature', 'Presigned Query API requests are not supported by the emulated cloud; sign the Authorization header.', 400);
    }
    throw new CloudError('MissingAuthenticationToken', 'Request is missing Authentication Token', 403);
  }
  const match = /^AWS4-HMAC-SHA256 +(.*)$/s.exec(auth);
  if (!match) throw new CloudError('IncompleteSignature', `Unsupported AWS 'algorithm': '${auth.split(' ')[0]?.slice(0, 32) ?? ''}'`, 400);
  const fields = new Map<string, string>();
  for (const part of (match[1] ?? '').split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const credential = fields.get('Credential');
  const signed = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  const amzDate = request.headers['x-amz-date'];
  for (const [name, value] of [['Credential', credential], ['SignedHeaders', signed], ['Signature', signature]] as const) {
    if (value === undefined || value === '') throw new CloudError('IncompleteSignature', `Authorization header requires '${name}' parameter. Authorization=${auth.split(' ')[0] ?? ''}`, 400);
  }
  if (amzDate === undefined) throw new CloudError('IncompleteSignature', "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.", 400);
  const scope = (credential ?? '').split('/');
  const [accessKeyId = '', date = '', region = '', scopeService = '', terminal = ''] = scope;
  const mismatch = (text: string): CloudError => new CloudError('SignatureDoesNotMatch', text, 403);
  if (scope.length !== 5 || terminal !== 'aws4_request') throw mismatch(`Credential should be scoped to a valid region. `);
  if (!/^[a-z0-9-]{1,32}$/.test(region)) throw mismatch(`Credential should be scoped to a valid region. `);
  if (scopeService !== service) throw mismatch(`Credential should be scoped to correct service: '${service}'. `);
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || date !== amzDate.slice(0, 8)) {
    throw mismatch(`Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '${date.slice(0, 8)}' != '${amzDate.slice(0, 8)}', from '${amzDate.slice(0, 16)}'.`);
  }
  const signedHeaders = (signed ?? '').split(';');
  if (!signedHeaders.includes('host')) throw mismatch("'Host' must be a signed header.");
  if (!/^[0-9a-f]{64}$/.test(signature ?? '')) throw mismatch('The request signature we calculated does not match the signature you provided.');
  const signingDate = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
  if (Number.isNaN(signingDate.getTime())) throw mismatch(`Invalid X-Amz-Date '${amzDate}'.`);
  return {
    accessKeyId,
    date,
    region,
    service: scopeService,
    signedHeaders,
    signature: signature ?? '',
    sessionToken: request.headers['x-amz-security-token'],
    signingDate,
  };
}

/** Check 5: the request's date within 15 minutes of the wall clock (real time, not the dev clock). */
export function checkSkew(parts: SignatureParts, wallNow: number): void {
  const at = parts.signingDate.getTime();
  const stamp = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
  if (at < wallNow - MAX_SKEW_MS) {
    throw new CloudError('SignatureDoesNotMatch', `Signature expired: ${stamp(at)} is now earlier than ${stamp(wallNow - MAX_SKEW_MS)} (${stamp(wallNow)} - 15 min.)`, 403);
  }
  if (at > wallNow + MAX_SKEW_MS) {
    throw new CloudError('SignatureDoesNotMatch', `Signature not yet current: ${stamp(at)} is still later than ${stamp(wallNow + MAX_SKEW_MS)} (${stamp(wallNow)} + 15 min.)`, 403);
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
    if (value === undefined) throw new CloudError('SignatureDoesNotMatch', `The request signs header '${name.slice(0, 64)}' but does not send it.`, 403);
    headers[name] = value;
  }
  const declared = request.headers['x-amz-content-sha256'];
  if (declared !== undefined && declared !== createHash('sha256').update(request.body).digest('hex')) {
    throw new CloudError('XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.', 400);
  }
  const signer = new SignatureV4({
    credentials: { accessKeyId: parts.accessKeyId, secretAccessKey: secret, ...(parts.sessionToken !== undefined ? { sessionToken: parts.sessionToken } : {}) },
    region: parts.region,
    service: parts.service,
    sha256: Sha256,
    uriEscapePath: true,
    applyChecksum: false,
  });
  const host = headers.host ?? '';
  const colon = host.lastIndexOf(':');
  const signedRequest = await signer.sign(
    new HttpRequest({
      method: request.method,
      protocol: 'http:',
      hostname: colon > 0 ? host.slice(0, colon) : host,
      ...(colon > 0 ? { port: Number(host.slice(colon + 1)) } : {}),
      path: safeDecode(request.path),
      query: queryRecord(request.query),
      headers,
      body: request.body.length > 0 ? request.body : undefined,
    }),
    { signingDate: parts.signingDate, signableHeaders: new Set(parts.signedHeaders), unsignableHeaders: new Set() },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String(signedRequest.headers.authorization ?? ''))?.[1] ?? '';
  if (expected.length !== 64 || !timingSafeEqual(Buffer.from(expected), Buffer.from(parts.signature))) {
    throw new CloudError(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
      403,
    );
  }
}

function queryRecord(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) {
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
