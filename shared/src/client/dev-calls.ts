import type { ClientCore } from './client-core.ts';
import type { CallOptions } from './engine-client-options.ts';
import { systemPath } from './engine-path.ts';
import { errorsOf } from './optional-read.ts';
import { payloadOf, readString, type JsonObject } from './read-fields.ts';

/** An access key of a fixture user: an id, or an id with its secret (absent: any secret works) and creation time. */
type DevAccessKeyFixture = string | { readonly id: string; readonly secret?: string; readonly created?: string };

/** A user of the emulated cloud. */
interface DevUserFixture {
  readonly name: string;
  readonly accessKeys?: number | readonly DevAccessKeyFixture[];
  readonly [extra: string]: unknown;
}

/** Fixtures for `PUT /v1/sys/dev/cloud` (ARCHITECTURE.md); unknown keys are passed through. */
interface DevCloudFixtures {
  readonly users?: readonly DevUserFixture[];
  readonly rootUser?: DevUserFixture;
  /** Provider calls that fail as throttled (the engine answers 502). */
  readonly throttle?: readonly string[];
  readonly [extra: string]: unknown;
}

/** Credentials to test against the emulated cloud. The secrets are hidden in errors. */
interface DevCredentials {
  readonly access_key: string;
  readonly secret_key: string;
  readonly session_token?: string | null | undefined;
}

/** What the emulated cloud thinks of a set of credentials. */
type WhoAmIResult =
  | {
      readonly ok: true;
      readonly arn: string;
      readonly kind: string;
      readonly expiration: string | null;
      readonly raw: JsonObject;
    }
  | { readonly ok: false; readonly status: number; readonly errors: readonly string[] };

/** A question for `POST /v1/sys/dev/can-i`: may the principal behind an issued access key call ACTION on RESOURCE? */
interface DevCanIQuestion {
  readonly access_key: string;
  readonly session_token?: string;
  readonly action: string;
  readonly resource: string;
  readonly context: Readonly<Record<string, string>>;
}

/** The engine's answer to a can-i question: its data, or the status and errors of a refusal (403, 404 without --dev). */
type DevCanIResult =
  | { readonly ok: true; readonly data: JsonObject }
  | { readonly ok: false; readonly status: number; readonly errors: readonly string[] };

/** The development control API (`keyfob serve --dev` only), under `/v1/sys/dev`. */
export interface DevCalls {
  /** `PUT /v1/sys/dev/cloud`: replaces the emulated cloud's fixtures. */
  setCloud(fixtures: DevCloudFixtures, options?: CallOptions): Promise<void>;
  /** `GET /v1/sys/dev/cloud`: users, keys, sessions of the emulated cloud. */
  getCloud(options?: CallOptions): Promise<JsonObject>;
  /** `POST /v1/sys/dev/clock`: moves the engine clock and runs every rotation and expiry due. */
  advanceClock(seconds: number, options?: CallOptions): Promise<JsonObject>;
  /** `POST /v1/sys/dev/whoami`: `{ ok: false }` on 403 (the cloud would refuse these credentials). */
  whoami(credentials: DevCredentials, options?: CallOptions): Promise<WhoAmIResult>;
  /** `POST /v1/sys/dev/can-i`: the emulated cloud's evaluation of a call by issued credentials. */
  canI(question: DevCanIQuestion, options?: CallOptions): Promise<DevCanIResult>;
}

/** The development control calls of a client, built on its core. */
export function createDevCalls(core: ClientCore): DevCalls {
  const devPath = (name: string): string => systemPath('sys', 'dev', name);
  return {
    async setCloud(fixtures, options) {
      await core.send({ method: 'PUT', path: devPath('cloud'), body: fixtures, options });
    },
    getCloud: (options) => core.call({ method: 'GET', path: devPath('cloud'), options }, (body) => payloadOf(body)),
    advanceClock: (seconds, options) =>
      core.call({ method: 'POST', path: devPath('clock'), body: { advanceSeconds: seconds }, options }, (body) =>
        payloadOf(body),
      ),
    whoami: (credentials, options) => whoami(core, credentials, options),
    canI: (question, options) => canI(core, question, options),
  };
}

async function canI(core: ClientCore, question: DevCanIQuestion, options?: CallOptions): Promise<DevCanIResult> {
  // 403: the cloud refuses the key (revoked, expired); 404: no development API (started without --dev).
  const request = {
    method: 'POST',
    path: systemPath('sys', 'dev', 'can-i'),
    body: question,
    accept: [403, 404],
    options,
  } as const;
  const response = await core.send(request);
  if (response.status === 403 || response.status === 404)
    return { ok: false, status: response.status, errors: errorsOf(core, request, response) };
  return core.parse(request, response, (answer) => ({ ok: true, data: payloadOf(answer) }));
}

async function whoami(core: ClientCore, credentials: DevCredentials, options?: CallOptions): Promise<WhoAmIResult> {
  const body: Record<string, string> = { access_key: credentials.access_key, secret_key: credentials.secret_key };
  if (credentials.session_token) body.session_token = credentials.session_token;
  const request = { method: 'POST', path: systemPath('sys', 'dev', 'whoami'), body, accept: [403], options } as const;
  const response = await core.send(request);
  if (response.status === 403) return { ok: false, status: 403, errors: errorsOf(core, request, response) };
  return core.parse(request, response, (answer) => {
    const data = payloadOf(answer);
    return {
      ok: true,
      arn: readString(data, 'arn') ?? '',
      kind: readString(data, 'kind', 'credential_kind', 'credentialKind', 'type') ?? '',
      expiration: readString(data, 'expiration', 'expiry', 'expires', 'expire_time', 'expiresAt') || null,
      raw: data,
    };
  });
}
