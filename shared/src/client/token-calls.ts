import type { ClientCore } from './client-core.ts';
import type { CallOptions } from './engine-client-options.ts';
import { splitPathValue, systemPath } from './engine-path.ts';
import { parseAuth, parseTokenInfo, type AuthResult, type TokenInfo } from './parse-auth.ts';

/** A token to create under the current one. */
interface CreateTokenBody {
  /** Shown as `.DisplayName` in username templates (the engine prefixes it with `token-`). */
  readonly display_name?: string | undefined;
  /** Duration (`1h`) or seconds. */
  readonly ttl?: string | number | undefined;
  readonly policies?: readonly string[] | undefined;
  readonly [extra: string]: unknown;
}

/** A JWT login (GitHub OIDC). The `jwt` is a secret: it never appears in errors. */
interface JwtLogin {
  /** Where the JWT auth method is mounted. Default `jwt`. */
  readonly path?: string | undefined;
  readonly role: string;
  readonly jwt: string;
}

/** Token and login calls under `/v1/auth`. */
export interface TokenCalls {
  /** `POST /v1/auth/token/create`. */
  createToken(body: CreateTokenBody, options?: CallOptions): Promise<AuthResult>;
  /** `GET /v1/auth/token/lookup-self`. */
  lookupSelf(options?: CallOptions): Promise<TokenInfo>;
  /** `POST /v1/auth/token/revoke-self`: the client's token stops working. */
  revokeSelf(options?: CallOptions): Promise<void>;
  /** `POST /v1/auth/<path>/login` with `{role, jwt}`, sent without the client's token. */
  loginJwt(login: JwtLogin, options?: CallOptions): Promise<AuthResult>;
}

/** The token and login calls of a client, built on its core. */
export function createTokenCalls(core: ClientCore): TokenCalls {
  const tokenPath = (action: string): string => systemPath('auth', 'token', action);
  return {
    createToken: (body, options) =>
      core.call({ method: 'POST', path: tokenPath('create'), body, options }, (answer) => parseAuth(answer)),
    lookupSelf: (options) =>
      core.call({ method: 'GET', path: tokenPath('lookup-self'), options }, (answer) => parseTokenInfo(answer)),
    async revokeSelf(options) {
      await core.send({ method: 'POST', path: tokenPath('revoke-self'), options });
    },
    async loginJwt(login, options) {
      const mount = splitPathValue(login.path ?? 'jwt');
      if (mount.length === 0) throw new TypeError('loginJwt needs the auth path, such as "jwt".');
      if (!login.role) throw new TypeError('loginJwt needs the role to log in as.');
      if (!login.jwt) throw new TypeError('loginJwt needs a JWT (empty value given).');
      const request = {
        method: 'POST',
        path: systemPath('auth', ...mount, 'login'),
        body: { role: login.role, jwt: login.jwt },
        auth: false,
        options,
      } as const;
      const result = await core.call(request, (answer) => parseAuth(answer));
      // A standby may not know this token for a moment: its first refusal is retried once.
      core.settings.consistency.freshToken = result.clientToken;
      return result;
    },
  };
}
