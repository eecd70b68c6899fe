import type { Caller } from '../auth/token-store.ts';
import type { HandlerResult } from './handler-result.ts';
import type { Operation, Params } from './parse-params.ts';

/** What a handler gets to work with. */
export interface RequestContext {
  readonly operation: Operation;
  /** Path under the backend's prefix, e.g. `roles/deploy`. */
  readonly path: string;
  readonly params: Params;
  /** Named groups of the route pattern (`name`, `prefix`...). */
  readonly vars: Readonly<Record<string, string>>;
  /** The authenticated caller; undefined only on unauthenticated routes. */
  readonly caller: Caller | undefined;
  /** The token text as sent (lookup-self returns it as `id`); never logged. */
  readonly token: string | undefined;
  /** The client's address (login checks a role's bound CIDRs against it). */
  readonly remoteAddress: string | undefined;
  /** Seconds of response wrapping the request asked for (`X-Vault-Wrap-TTL`); undefined when none. */
  readonly wrapTtl?: number | undefined;
  /** keyfob's `x-keyfob-source` header as sent (a role write from `keyfob apply`: where the role came from). */
  readonly keyfobSource?: string | undefined;
}

/** A route handler. */
type Handler = (ctx: RequestContext) => HandlerResult | Promise<HandlerResult>;

/** One path of a backend with the operations it offers. */
export interface Route {
  /** Anchored pattern over the path under the backend prefix; named groups become `vars`. */
  readonly pattern: RegExp;
  /** Parameter names the route knows; others draw the "unrecognized parameters" warning. */
  readonly fields: readonly string[];
  readonly operations: Partial<Record<Operation, Handler>>;
  /**
   * The real engine's existence check: when it answers false, a write needs the `create`
   * capability instead of `update`. Routes without one are always `update`.
   */
  readonly exists?: (ctx: RequestContext) => boolean;
  /** Login paths: no token needed. */
  readonly unauthenticated?: boolean;
  /**
   * A check that runs before the token is read (the real engine validates the wrapping token of
   * `sys/wrapping/lookup|unwrap|rewrap` first, so a used one is 400, not 403).
   */
  readonly checkFirst?: (params: Params, token: string | undefined) => void;
  /** The handler answers with `wrap_info` itself (`sys/wrapping/rewrap`): the dispatcher does not wrap again. */
  readonly wrapsItself?: boolean;
  /** Every parameter is input (`sys/wrapping/wrap`): none draws the unrecognized-parameters warning. */
  readonly arbitraryInput?: boolean;
}

/** A set of routes mounted at a path prefix (a secrets mount, `auth/token/`, `sys/`...). */
export interface Backend {
  /** Prefix with a trailing slash, e.g. `cloud/`. */
  readonly prefix: string;
  /** `mount_type` of responses. */
  readonly mountType: string;
  readonly routes: readonly Route[];
}

/** The real engine's name pattern `\w(([\w-.@]+)?\w)?` as a capture group for route patterns. */
export const NAME = String.raw`(?<name>\w(?:[\w\-.@]*\w)?)`;

/** Builds an anchored route pattern from a path template using `NAME`. */
export function path(template: string): RegExp {
  return new RegExp(`^${template}$`);
}
