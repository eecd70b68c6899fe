import type { Store } from '../state/store.ts';
import type { Table } from '../state/table.ts';
import { randomBytes } from 'node:crypto';
import { newAccessKeyId, newSecretKey } from '../ids.ts';
import type { AccessKey, CloudSettings, CloudUser, StsSession } from './cloud-types.ts';

/** The engine role a policy document belongs to, and where that role was written from when `keyfob apply` said so. */
export interface PolicyOrigin {
  /** `<mount>/roles/<name>`. */
  readonly role: string;
  readonly file?: string;
  /** The line of `policy_document` in the file. */
  readonly line?: number;
  /** The file line of each statement, in Statement order. */
  readonly statementLines?: readonly number[];
}

/** Default account of the emulated cloud. */
const DEFAULT_ACCOUNT_ID = '123456789012';

/**
 * The emulated cloud's data: users, STS sessions and settings, kept in store tables (so it is
 * persisted with everything else), plus an in-memory index from access key id to user.
 */
export class CloudState {
  readonly users: Table<CloudUser>;
  readonly sessions: Table<StsSession>;
  readonly #settings: Table<CloudSettings>;
  readonly #keyOwner = new Map<string, string>();
  /**
   * The engine's ambient identity as a key pair (the instance-role case): the engine's own SDK
   * clients sign with it when no root credentials are configured. Made per process, never stored.
   */
  readonly ambientKey = { accessKeyId: newAccessKeyId(), secretAccessKey: newSecretKey() };

  /**
   * The key authorization messages are encoded with (DecodeAuthorizationMessage): made per process,
   * never stored, so a message decodes in the engine process that made it.
   */
  readonly messageKey = randomBytes(32);
  /** Finds the engine role a policy document came from (set by the engine; none by default). */
  policyOrigin: (document: string) => PolicyOrigin | undefined = () => undefined;

  constructor(
    store: Store,
    private readonly defaults: { consistencyDelaySeconds: number },
  ) {
    this.users = store.table<CloudUser>('cloud.users');
    this.sessions = store.table<StsSession>('cloud.sessions');
    this.#settings = store.table<CloudSettings>('cloud.settings');
    this.reindex();
    // Every change keeps the key index, also rollbacks and replicated changes (cluster standbys).
    this.users.observe((name, before, after) => {
      for (const key of before?.accessKeys ?? [])
        if (this.#keyOwner.get(key.id) === name) this.#keyOwner.delete(key.id);
      for (const key of after?.accessKeys ?? []) this.#keyOwner.set(key.id, name);
    });
  }

  /** Cloud settings (defaults until fixtures set them). */
  get settings(): CloudSettings {
    return (
      this.#settings.get('settings') ?? {
        accountId: DEFAULT_ACCOUNT_ID,
        throttle: [],
        consistencyDelaySeconds: this.defaults.consistencyDelaySeconds,
      }
    );
  }

  /** Replaces the settings. */
  set settings(value: CloudSettings) {
    this.#settings.set('settings', value);
  }

  /** Rebuilds the key index (after loading or replacing fixtures). */
  reindex(): void {
    this.#keyOwner.clear();
    for (const user of this.users.values()) for (const key of user.accessKeys) this.#keyOwner.set(key.id, user.name);
  }

  /** The user and key an access key id belongs to. */
  findKey(accessKeyId: string): { user: CloudUser; key: AccessKey } | undefined {
    const owner = this.#keyOwner.get(accessKeyId);
    const user = owner === undefined ? undefined : this.users.get(owner);
    const key = user?.accessKeys.find((k) => k.id === accessKeyId);
    return user && key ? { user, key } : undefined;
  }

  /** Stores a user (the key index follows the table). */
  putUser(user: CloudUser): void {
    this.users.set(user.name, user);
  }

  /** Removes a user (its keys leave the index with it). */
  removeUser(name: string): void {
    this.users.delete(name);
  }
}
