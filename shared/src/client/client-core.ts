import { collectBodySecrets } from './collect-secrets.ts';
import { mountPath } from './engine-path.ts';
import type { EngineRequest, EngineResponse } from './engine-request.ts';
import { isRecord } from '../text/index.ts';
import { UnusableResponse, readWarnings } from './read-fields.ts';
import { sanitizeLine } from './sanitize-line.ts';
import { redactSecrets } from './redact-secrets.ts';
import type { ClientSettings } from './resolve-settings.ts';
import { badResponseError } from './response-errors.ts';
import { sendRequest } from './send-request.ts';

/** The request header that asks the engine to wrap its answer (seconds, or a duration). */
export const WRAP_TTL_HEADER = 'x-vault-wrap-ttl';

/** Turns a success body into a typed result; `warnings` are the envelope's, already redacted. */
export type ResponseParser<T> = (body: unknown, warnings: readonly string[], status: number) => T;

/** What every group of typed calls is built on. */
export interface ClientCore {
  readonly settings: ClientSettings;
  /** `/v1/<mount>/<segments>`, each segment encoded. */
  mountPath(...segments: readonly string[]): string;
  /** Sends with retries; resolves with successes and accepted statuses. */
  send(request: EngineRequest): Promise<EngineResponse>;
  /** Sends, then parses; a parser's `UnusableResponse` becomes `ENGINE_BAD_RESPONSE`. */
  call<T>(request: EngineRequest, parse: ResponseParser<T>): Promise<T>;
  /** Parses a response already in hand, with the same error handling as `call`. */
  parse<T>(request: EngineRequest, response: EngineResponse, parse: ResponseParser<T>): T;
}

/** Builds the shared core of a client from its settings. */
export function createClientCore(settings: ClientSettings): ClientCore {
  const core: ClientCore = {
    settings,
    mountPath: (...segments) => mountPath(settings.mount, ...segments),
    send: (request) => sendRequest(settings, request),
    call: async (request, parse) => core.parse(request, await sendRequest(settings, request), parse),
    parse: (request, response, parse) => {
      const secrets = [...settings.secrets, ...collectBodySecrets(request.body)];
      const warnings = readWarnings(response.body).map((text) => redactSecrets(text, secrets));
      try {
        // A wrapped answer is refused unless the call asked for one (X-Vault-Wrap-TTL).
        if (request.options?.headers?.[WRAP_TTL_HEADER] === undefined) refuseWrapped(response.body);
        return parse(response.body, warnings, response.status);
      } catch (thrown) {
        if (!(thrown instanceof UnusableResponse)) throw thrown;
        throw badResponseError(request, redactSecrets(thrown.message, secrets), response.status, response.attempts);
      }
    },
  };
  return core;
}

/**
 * A `wrap_info` answer carries no `data`: the engine put the real answer in a single-use
 * response-wrapping token (the caller, a policy or something on the way asked for wrapping). Say so
 * plainly instead of reporting missing fields, without the token itself.
 */
function refuseWrapped(body: unknown): void {
  const info = isRecord(body) && isRecord(body.wrap_info) ? body.wrap_info : undefined;
  if (info === undefined || typeof info.token !== 'string') return;
  const path = typeof info.creation_path === 'string' ? sanitizeLine(info.creation_path, [info.token], 200) : '?';
  const ttl = typeof info.ttl === 'number' ? `${info.ttl} s` : 'unknown';
  throw new UnusableResponse(
    `the engine wrapped its answer in a response-wrapping token (wrap_info: creation_path "${path}", ttl ${ttl}) instead of sending it; the answer is inside that token (unwrap it with sys/wrapping/unwrap). Wrapping is asked for by the X-Vault-Wrap-TTL header or required by a policy's min_wrapping_ttl`,
  );
}
