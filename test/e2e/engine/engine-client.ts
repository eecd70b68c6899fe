// A tiny raw-fetch client for the engine conformance tests (status, headers and body exactly as sent).
import type { EngineProcess } from '../../helpers/engine.ts';

/** One answer: status, parsed JSON body (undefined for 204/empty) and the raw text. */
export interface Answer {
  readonly status: number;
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON shapes
  readonly text: string;
  readonly headers: Headers;
}

/** Options of one call. */
export interface CallOptions {
  readonly body?: unknown;
  /** Token to send; defaults to the root token; `null` sends none. */
  readonly token?: string | null;
  readonly header?: string;
  readonly rawBody?: string;
  readonly contentType?: string;
  /** More request headers (`X-Vault-Wrap-TTL`...). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Calls `/v1/<path>` on the engine. */
export async function call(
  engine: EngineProcess,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? engine.rootToken : options.token;
  if (token !== null) headers[options.header ?? 'X-Service-Token'] = token;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
  const response = await fetch(`${engine.url}/v1/${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  const parsed: unknown = text === '' ? undefined : JSON.parse(text);
  return { status: response.status, body: parsed, text, headers: response.headers };
}

/** Shorthands. */
export const get = (e: EngineProcess, p: string, o?: CallOptions): Promise<Answer> => call(e, 'GET', p, o);
export const post = (e: EngineProcess, p: string, body?: unknown, o?: CallOptions): Promise<Answer> =>
  call(e, 'POST', p, { ...o, body });
export const del = (e: EngineProcess, p: string, o?: CallOptions): Promise<Answer> => call(e, 'DELETE', p, o);

/** Sets the cloud fixtures (`PUT /v1/sys/dev/cloud`), failing loudly when refused. */
export async function fixtures(engine: EngineProcess, value: unknown): Promise<void> {
  const answer = await call(engine, 'PUT', 'sys/dev/cloud', { body: value });
  if (answer.status !== 200) throw new Error(`fixtures refused: ${answer.text}`);
}

/** The emulated cloud's account, the managed policy and the inline policy document the role suites write. */
export const ACCOUNT = '123456789012';
export const POLICY = 'arn:aws:iam::aws:policy/ReadOnlyAccess';
export const DOC = JSON.stringify({
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: 's3:GetObject', Resource: '*' }],
});

/** Writes the roles several suites start from: `user` (an IAM user with ReadOnlyAccess) and `ar` (an assumed role of role/deploy). */
export async function userAndAssumedRoles(engine: EngineProcess): Promise<void> {
  await post(engine, 'cloud/roles/user', { credential_type: 'iam_user', policy_arns: POLICY });
  await post(engine, 'cloud/roles/ar', {
    credential_type: 'assumed_role',
    role_arns: `arn:aws:iam::${ACCOUNT}:role/deploy`,
  });
}

/** Moves the engine clock forward and runs what falls due. */
export async function advance(engine: EngineProcess, seconds: number): Promise<void> {
  const answer = await post(engine, 'sys/dev/clock', { advanceSeconds: seconds });
  if (answer.status !== 200) throw new Error(`clock refused: ${answer.text}`);
}

/** `whoami` status for credentials: 200 when the cloud accepts them now, else 403. */
export async function whoami(
  engine: EngineProcess,
  creds: { access_key: string; secret_key: string; session_token?: string | null },
): Promise<Answer> {
  const body: Record<string, string> = { access_key: creds.access_key, secret_key: creds.secret_key };
  if (creds.session_token) body.session_token = creds.session_token;
  return post(engine, 'sys/dev/whoami', body);
}
