import type { Store } from '../state/store.ts';
import type { RoleSource } from './role-source.ts';
import type { Table } from '../state/table.ts';
import type { CredentialType, LeaseConfigRecord, RootConfigRecord, StoredRole } from '../validation/validated.ts';

/** A static role with its current credentials and schedule (engine milliseconds). */
export interface StaticRoleRecord {
  readonly name: string;
  readonly username: string;
  /** The provider's user id, fixed at adoption (a re-created user with the same name is refused). */
  readonly userId: string;
  readonly rotationPeriod: number;
  readonly accessKey: string;
  readonly secretKey: string;
  /** When the current key is due to be replaced (static-creds `expiration`). */
  readonly expiresAt: number;
  /** When the scheduler tries next (the expiry, or a retry after a failure). */
  readonly nextAttemptAt: number;
}

/** A stored role with its name, and where `keyfob apply` wrote it from (never read back). */
export interface NamedRole extends StoredRole {
  readonly name: string;
  readonly source?: RoleSource;
}

/** One mount's records inside a shared table, keyed `<mount>/<name>`. */
export class MountScoped<T> {
  constructor(
    private readonly table: Table<T>,
    private readonly mount: string,
  ) {}

  get(name: string): T | undefined {
    return this.table.get(`${this.mount}/${name}`);
  }

  set(name: string, value: T): void {
    this.table.set(`${this.mount}/${name}`, value);
  }

  delete(name: string): boolean {
    return this.table.delete(`${this.mount}/${name}`);
  }

  /** Names in this mount, sorted. */
  names(): string[] {
    const prefix = `${this.mount}/`;
    return this.table
      .keys()
      .filter((k) => k.startsWith(prefix))
      .map((k) => k.slice(prefix.length))
      .sort();
  }
}

/** Everything a secrets mount stores: its root and lease configuration, roles and static roles. */
export class MountData {
  readonly roles: MountScoped<NamedRole>;
  readonly staticRoles: MountScoped<StaticRoleRecord>;
  readonly #root: Table<RootConfigRecord>;
  readonly #lease: Table<LeaseConfigRecord>;

  constructor(
    store: Store,
    readonly mount: string,
  ) {
    this.roles = new MountScoped(store.table<NamedRole>('mount.roles'), mount);
    this.staticRoles = new MountScoped(store.table<StaticRoleRecord>('mount.staticRoles'), mount);
    this.#root = store.table<RootConfigRecord>('mount.rootConfig');
    this.#lease = store.table<LeaseConfigRecord>('mount.leaseConfig');
  }

  get rootConfig(): RootConfigRecord | undefined {
    return this.#root.get(this.mount);
  }

  set rootConfig(value: RootConfigRecord) {
    this.#root.set(this.mount, value);
  }

  get leaseConfig(): LeaseConfigRecord | undefined {
    return this.#lease.get(this.mount);
  }

  set leaseConfig(value: LeaseConfigRecord) {
    this.#lease.set(this.mount, value);
  }
}

/** Credential types a role resolves to on each path (legacy two-type roles: iam_user on creds, federation_token on sts). */
export function typeForPath(role: StoredRole, path: 'creds' | 'sts'): CredentialType {
  if (role.credentialTypes.length > 1) return path === 'creds' ? 'iam_user' : 'federation_token';
  return role.credentialTypes[0] ?? 'iam_user';
}
