import { collectBodySecrets } from './collect-secrets.ts';
import { mountPath } from './engine-path.ts';
import type { EngineRequest, EngineResponse } from './engine-request.ts';
import { UnusableResponse, readWarnings } from './read-fields.ts';
import { redactSecrets } from './redact-secrets.ts';
import type { ClientSettings } from './resolve-settings.ts';
import { badResponseError } from './response-errors.ts';
import { sendRequest } from './send-request.ts';

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
        return parse(response.body, warnings, response.status);
      } catch (thrown) {
        if (!(thrown instanceof UnusableResponse)) throw thrown;
        throw badResponseError(request, redactSecrets(thrown.message, secrets), response.status, response.attempts);
      }
    },
  };
  return core;
}
