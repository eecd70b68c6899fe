import type { LoginPath } from './access-types.ts';
import type { SourceLine } from './access-model.ts';

/** What kind of access changed: who can log in, cloud actions, engine capabilities, lifetimes. */
export type AccessChangeKind = 'login' | 'action' | 'capability' | 'ttl';

/** One line of the diff. For `ttl`, `gained` means longer and `removed` shorter. */
export interface AccessChange {
  readonly kind: AccessChangeKind;
  readonly change: 'gained' | 'removed';
  /** The JWT role (login, capability, its TTLs) or credential role (actions, STS TTLs). */
  readonly role: string;
  readonly roleKind: 'jwt-role' | 'role';
  /** The change in words, on one line. */
  readonly text: string;
  /** login: the claim set that can (or no longer can) log in. */
  readonly login?: LoginPath;
  /** action: the cloud actions and the resource. */
  readonly actions?: readonly string[];
  readonly resource?: string;
  /** capability: the engine path and the capabilities gained or lost there. */
  readonly path?: string;
  readonly capabilities?: readonly string[];
  /** ttl: the field and its seconds before and after (0 = the engine's default). */
  readonly field?: string;
  readonly before?: number;
  readonly after?: number;
  /** Where it is granted: the head's file and line for a gain, the base's for a loss. */
  readonly source?: SourceLine;
}

/** Every access change from `base` to `head`, gains first. */
export interface AccessDiff {
  readonly mount: string;
  readonly changes: readonly AccessChange[];
}
