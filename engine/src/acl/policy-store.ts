import {
  buildAcl,
  DEFAULT_POLICY_TEXT,
  readPolicy,
  RESPONSE_WRAPPING_POLICY_NAME,
  RESPONSE_WRAPPING_POLICY_TEXT,
  type Acl,
  type AclPolicy,
} from '@keyfob/shared/policies';
import type { Store } from '../state/store.ts';
import type { Table } from '../state/table.ts';

/** A stored ACL policy: its text as written (HCL or JSON). */
export interface StoredPolicy {
  readonly text: string;
}

/**
 * ACL policies: stored text, parsed once per write. `root` is never stored; `default` is created
 * when missing and never deleted. A token's policy names never change, but their text is read
 * again at each request, so edits apply to existing tokens at once; a missing policy is empty.
 */
export class PolicyStore {
  readonly #table: Table<StoredPolicy>;
  readonly #parsed = new Map<string, AclPolicy>();
  #acls = new Map<string, Acl>();

  constructor(store: Store) {
    this.#table = store.table<StoredPolicy>('acl.policies');
    if (!this.#table.has('default')) this.#table.set('default', { text: DEFAULT_POLICY_TEXT });
    // Every change drops the parsed copies, also rollbacks and replicated changes (cluster standbys).
    this.#table.observe((name) => this.#invalidate(name));
  }

  /** Stored names, sorted (without `root`). */
  names(): string[] {
    return this.#table.keys().sort();
  }

  /** The text of a stored policy. */
  text(name: string): string | undefined {
    return this.#table.get(name)?.text;
  }

  /** Stores a policy whose text already parsed. */
  set(name: string, text: string): void {
    this.#table.set(name, { text });
  }

  delete(name: string): void {
    this.#table.delete(name);
  }

  /** The merged ACL of a token's policy names (cached until a policy changes). */
  acl(names: readonly string[]): Acl {
    const key = names.join('\n');
    const cached = this.#acls.get(key);
    if (cached) return cached;
    const policies = names.map((name) => (name === 'root' ? { name, rules: [] } : this.#policy(name)));
    // `root` with others: the real engine refuses to build the ACL, so the request is denied.
    const built = buildAcl(policies);
    const acl = built.acl ?? { root: false, exact: new Map(), prefix: new Map(), segment: new Map() };
    this.#acls.set(key, acl);
    return acl;
  }

  #policy(name: string): AclPolicy {
    const cached = this.#parsed.get(name);
    if (cached) return cached;
    // `response-wrapping` is fixed in the real engine: never stored, always this text.
    const text = name === RESPONSE_WRAPPING_POLICY_NAME ? RESPONSE_WRAPPING_POLICY_TEXT : this.#table.get(name)?.text;
    const policy = (text === undefined ? undefined : readPolicy(text, name).value) ?? { name, rules: [] };
    this.#parsed.set(name, policy);
    return policy;
  }

  #invalidate(name: string): void {
    this.#parsed.delete(name);
    this.#acls = new Map();
  }
}
