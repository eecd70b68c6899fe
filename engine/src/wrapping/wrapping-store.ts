import { RESPONSE_WRAPPING_POLICY_NAME } from '@keyfob/shared/policies';
import type { Caller, TokenStore } from '../auth/token-store.ts';
import { isoTime } from '../clock.ts';
import type { Store } from '../state/store.ts';
import type { Table } from '../state/table.ts';

/** What a wrapping token's cubbyhole holds: the wrapped answer and its `wrap_info` facts. */
interface WrappedAnswer {
  /** The answer's JSON text, as it would have been sent. */
  readonly response: string;
  /** Seconds, fractions kept (the real lookup answers `creation_ttl` as float seconds: 0.5). */
  readonly creationTtl: number;
  /** RFC 3339. */
  readonly creationTime: string;
  /** The request path that made the answer (`cloud/creds/deploy`), kept across rewraps. */
  readonly creationPath: string;
}

/** The `wrap_info` of a wrapped answer, in the real engine's field order. */
export interface WrapInfo {
  readonly token: string;
  readonly accessor: string;
  readonly ttl: number;
  readonly creation_time: string;
  readonly creation_path: string;
  readonly wrapped_accessor?: string;
}

/** A valid wrapping token: its hash and what it holds. */
interface FoundWrapping {
  readonly hash: string;
  readonly answer: WrappedAnswer;
}

/**
 * Response wrapping as the real engine does it: the answer goes into the cubbyhole of a new
 * single-use token (orphan, not renewable, policy `response-wrapping` only, TTL = explicit max =
 * the wrap TTL), and the caller gets `wrap_info` instead. Unwrapping reads it once and revokes the
 * token; an expired token's answer is dropped by the expiry pass.
 */
export class WrappingStore {
  readonly #table: Table<WrappedAnswer>;

  constructor(
    store: Store,
    private readonly tokens: TokenStore,
  ) {
    this.#table = store.table<WrappedAnswer>('wrapping.answers');
  }

  /** Wraps an answer's JSON text for `ttl` seconds; returns its `wrap_info`. */
  wrap(input: {
    readonly response: string;
    readonly ttl: number;
    readonly creationPath: string;
    readonly displayName: string;
    readonly wrappedAccessor?: string | undefined;
  }): WrapInfo {
    const { token, caller } = this.tokens.create({
      displayName: input.displayName,
      policies: [RESPONSE_WRAPPING_POLICY_NAME],
      ttl: input.ttl,
      explicitMaxTtl: input.ttl,
      renewable: false,
      path: input.creationPath,
      parent: null,
    });
    const creationTime = isoTime(caller.record.createdAt);
    this.#table.set(caller.hash, {
      response: input.response,
      creationTtl: input.ttl,
      creationTime,
      creationPath: input.creationPath,
    });
    return {
      token,
      accessor: caller.record.accessor,
      // Whole seconds, cut as the real engine's `int(TTL.Seconds())` cuts them (500ms reads 0).
      ttl: Math.trunc(input.ttl),
      creation_time: creationTime,
      creation_path: input.creationPath,
      ...(input.wrappedAccessor ? { wrapped_accessor: input.wrappedAccessor } : {}),
    };
  }

  /** The live wrapping token behind `token`; undefined when it is not one (used, expired, another kind). */
  find(token: string | undefined): FoundWrapping | undefined {
    const caller = this.tokens.authenticate(token);
    if (!caller || !isWrappingToken(caller)) return undefined;
    const answer = this.#table.get(caller.hash);
    return answer ? { hash: caller.hash, answer } : undefined;
  }

  /** Uses a wrapping token up: the token is revoked and its answer forgotten. */
  async consume(found: FoundWrapping): Promise<void> {
    this.#table.delete(found.hash);
    await this.tokens.revoke(found.hash);
  }

  /** Forgets the answers of wrapping tokens that expired; returns how many. */
  purgeExpired(): number {
    let count = 0;
    for (const hash of this.#table.keys()) {
      if (!this.tokens.has(hash)) {
        this.#table.delete(hash);
        count++;
      }
    }
    return count;
  }
}

/** The real engine's `IsWrappingToken`: exactly one policy, `response-wrapping`. */
function isWrappingToken(caller: Caller): boolean {
  const policies = caller.record.policies;
  return policies.length === 1 && policies[0] === RESPONSE_WRAPPING_POLICY_NAME;
}
