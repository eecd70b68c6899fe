import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { CloudError } from '../cloud-error.ts';
import { AccessDeniedError, encodeAuthorization } from '../authorization-message.ts';
import type { EmulatedCloud } from '../emulated-cloud.ts';
import { checkThrottle, resolveAccessKey } from '../gate.ts';
import { authorize } from '../authorize.ts';
import { IAM_ACTIONS } from './iam-actions.ts';
import { QueryParams } from './query-params.ts';
import { errorXml, successXml, type QueryService } from './query-xml.ts';
import { checkSignature, checkSkew, parseSignature, type SignedRequest } from './sigv4-verify.ts';
import { STS_ACTIONS } from './sts-actions.ts';
import { readBody } from '../../http/read-body.ts';

/** Largest Query request body: a 131,072-character policy document percent-encoded, with room to spare. */
const MAX_CLOUD_BODY_BYTES = 512 * 1024;
/** Most connections the cloud listener keeps open at once. */
const MAX_CONNECTIONS = 256;
const VERSIONS: Record<QueryService, string> = { iam: '2010-05-08', sts: '2011-06-15' };

/** What the cloud listener needs from the engine. */
export interface CloudServerOptions {
  readonly cloud: EmulatedCloud;
  /** Persists the state after a call changed it. */
  readonly commit: () => Promise<void>;
  readonly log: (line: string) => void;
}

/** An answer of the Query API. */
interface QueryAnswer {
  readonly status: number;
  readonly body: string;
}

/**
 * The emulated cloud's AWS endpoint: the Query protocol of IAM and STS over HTTP, any path (the
 * AWS CLI keeps an `--endpoint-url` path as is, the SDK appends `/`), SigV4 on every call, each
 * call evaluated against the caller's policies. Its own listener, so the engine's API and the
 * cloud's never share a path.
 */
export function createCloudServer(options: CloudServerOptions): Server {
  const server = createServer(
    { keepAliveTimeout: 5000, headersTimeout: 10_000, requestTimeout: 30_000 },
    (req, res) => {
      void serve(req, res, options);
    },
  );
  server.maxConnections = MAX_CONNECTIONS;
  return server;
}

async function serve(req: IncomingMessage, res: ServerResponse, options: CloudServerOptions): Promise<void> {
  const requestId = randomUUID();
  const body = await readBody(req, MAX_CLOUD_BODY_BYTES);
  let answer: QueryAnswer;
  if (body === 'aborted') return;
  if (body === 'too-large') {
    answer = {
      status: 413,
      body: errorXml(
        'sts',
        413,
        'RequestEntityTooLarge',
        `Request body must be at most ${MAX_CLOUD_BODY_BYTES} bytes.`,
        requestId,
      ),
    };
    res.shouldKeepAlive = false;
  } else {
    answer = await handle(req, body, options, requestId);
  }
  res.writeHead(answer.status, {
    'Content-Type': 'text/xml',
    'Content-Length': Buffer.byteLength(answer.body),
    'x-amzn-RequestId': requestId,
    // The engine clock (one clock for the whole double): the SDK corrects its clock skew from this header.
    Date: options.cloud.clock.date().toUTCString(),
  });
  res.end(answer.body);
}

/** The parts of a request the Query endpoint reads. */
export interface QueryRequest {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly headers: IncomingMessage['headers'];
  readonly socket: { readonly remoteAddress?: string | undefined };
}

/** Handles one request as received (from the listener, or in process from the engine's own SDK clients). */
export async function handle(
  req: QueryRequest,
  body: Buffer,
  options: CloudServerOptions,
  requestId: string,
): Promise<QueryAnswer> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const signed: SignedRequest = {
    method: req.method ?? 'GET',
    path: q < 0 ? url : url.slice(0, q),
    query: q < 0 ? '' : url.slice(q + 1),
    headers: stringHeaders(req.headers),
    body,
  };
  let service: QueryService = 'sts';
  try {
    if (signed.method !== 'POST' && signed.method !== 'GET')
      throw new CloudError(
        'InvalidAction',
        `The HTTP method ${signed.method.slice(0, 16)} is not supported; send POST with a form body.`,
        400,
      );
    const params = new QueryParams(signed.method === 'POST' ? body.toString('utf8') : signed.query);
    const name = params.optional('Action');
    const action = name === undefined ? undefined : (STS_ACTIONS[name] ?? IAM_ACTIONS[name]);
    service = action?.service ?? scopeService(signed) ?? 'sts';
    const parts = parseSignature(signed, service);
    const holder = resolveAccessKey(options.cloud.state, options.cloud.clock, parts.accessKeyId, parts.sessionToken);
    checkSkew(parts, options.cloud.clock.now());
    // A fixture key given without a secret accepts any signature (documented in ARCHITECTURE.md).
    if (holder.secret !== undefined) await checkSignature(signed, parts, holder.secret);
    if (name === undefined) throw new CloudError('MissingAction', 'Missing Action', 400);
    if (!action)
      throw new CloudError(
        'InvalidAction',
        `Could not find operation ${name.slice(0, 64)} for version ${VERSIONS[service]}`,
        400,
      );
    const version = params.optional('Version');
    if (version !== undefined && version !== VERSIONS[service])
      throw new CloudError(
        'InvalidAction',
        `Could not find operation ${name} for version ${version.slice(0, 16)}`,
        400,
      );
    const ctx = {
      state: options.cloud.state,
      clock: options.cloud.clock,
      params,
      principal: holder.principal,
      sourceIp: req.socket.remoteAddress ?? '',
      region: parts.region,
    };
    checkThrottle(ctx.state, name);
    if (action.authz) authorize(ctx, `${service}:${name}`, action.authz(ctx));
    const result = action.run(ctx);
    await options.commit();
    return { status: 200, body: successXml(service, name, result, requestId) };
  } catch (error) {
    if (error instanceof CloudError) {
      // keyfob's denials carry an encoded authorization message, as EC2-style APIs do (DecodeAuthorizationMessage reads it).
      const detail =
        error instanceof AccessDeniedError
          ? `${error.detail}. Encoded authorization failure message: ${encodeAuthorization(options.cloud.state.messageKey, error.authorization)}`
          : error.detail;
      return { status: error.statusCode, body: errorXml(service, error.statusCode, error.code, detail, requestId) };
    }
    options.log(`cloud: internal error: ${error instanceof Error ? error.message : String(error)}`);
    return {
      status: 500,
      body: errorXml(
        service,
        500,
        'InternalFailure',
        'The request processing has failed because of an unknown error.',
        requestId,
      ),
    };
  }
}

function scopeService(request: SignedRequest): QueryService | undefined {
  const credential =
    request.headers.authorization ?? `Credential=${new URLSearchParams(request.query).get('X-Amz-Credential') ?? ''}`;
  const service = /Credential=[^/,]*\/[^/,]*\/[^/,]*\/([^/,]*)\//.exec(credential)?.[1];
  return service === 'iam' || service === 'sts' ? service : undefined;
}

function stringHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string') out[name] = value;
    else if (Array.isArray(value)) out[name] = value.join(',');
  }
  return out;
}
