import { CAPABILITIES, type Capability } from './policy-types.ts';

/** What each capability of a path rule allows, in one line (the editor's completion and hover, docs/policies.md). */
export const CAPABILITY_MEANINGS: Readonly<Record<Capability, string>> = {
  create:
    'Write to a path that does not exist yet (a new role, JWT role or policy); writes to existing ones need update.',
  read: 'GET the path: read credentials, a role, a configuration.',
  update:
    'POST or PUT to a path that exists, and actions such as sts/, rotate-role/, login-less token calls, renew and revoke.',
  patch: 'PATCH the path: change some fields of an existing object.',
  delete: 'DELETE the path.',
  list: 'LIST the names under the path (the engine checks LIST on the path with a trailing /).',
  sudo: 'Reach root-protected paths (sys/leases/lookup/*, sys/dev/*, ...) together with their usual capability; grants nothing alone.',
  deny: 'Refuse the path whatever else grants it; drops the other capabilities of this block, and of the same path in other policies.',
  subscribe: 'Subscribe to event notifications (newer engines; keyfob has no events).',
  recover: 'Recover an object from a snapshot (newer engines; keyfob has no snapshots).',
};

/** The capabilities policy authors are offered: all but those keyfob has nothing for (events, snapshots). */
export const OFFERED_CAPABILITIES: readonly Capability[] = CAPABILITIES.filter(
  (c) => c !== 'subscribe' && c !== 'recover',
);

/** One key of a `path "..." { ... }` block. */
export interface RuleKeyDoc {
  readonly key: string;
  readonly meaning: string;
  /** Offered in completion: the engine acts on it (the others are accepted and ignored, as the real engine's Enterprise keys). */
  readonly offered: boolean;
  /** The value's shape, in words. */
  readonly value: string;
}

/** Every key the engine accepts in a path block, what it does and whether keyfob acts on it. */
export const RULE_KEY_DOCS: readonly RuleKeyDoc[] = [
  {
    key: 'capabilities',
    value: 'list of capabilities',
    offered: true,
    meaning: 'What the rule grants on its path: create, read, update, patch, delete, list, sudo, or deny.',
  },
  {
    key: 'allowed_parameters',
    value: 'map of parameter names to lists of values',
    offered: true,
    meaning:
      'Only these request parameters may be sent (with these values; [] any value; "*" any other parameter). Checked on read, create, update and patch.',
  },
  {
    key: 'denied_parameters',
    value: 'map of parameter names to lists of values',
    offered: true,
    meaning: 'Request parameters (or values; [] any value) that are refused; wins over allowed_parameters.',
  },
  {
    key: 'required_parameters',
    value: 'list of parameter names',
    offered: true,
    meaning: 'Parameters every request on the path must send.',
  },
  {
    key: 'min_wrapping_ttl',
    value: 'duration',
    offered: true,
    meaning: 'Requests must ask for response wrapping of at least this TTL.',
  },
  {
    key: 'max_wrapping_ttl',
    value: 'duration',
    offered: true,
    meaning: 'Requests may ask for response wrapping of at most this TTL.',
  },
  { key: 'comment', value: 'string', offered: false, meaning: 'A note for readers; the engine ignores it.' },
  {
    key: 'policy',
    value: 'deny, read, write or sudo',
    offered: false,
    meaning:
      'The legacy form of capabilities (read = read + list, write = create, read, update, delete, list); write capabilities instead.',
  },
  {
    key: 'mfa_methods',
    value: 'list of names',
    offered: false,
    meaning: 'Enterprise MFA methods; accepted and ignored.',
  },
  {
    key: 'control_group',
    value: 'block',
    offered: false,
    meaning: 'Enterprise control groups; accepted and ignored.',
  },
  {
    key: 'subscribe_event_types',
    value: 'list of event types',
    offered: false,
    meaning: 'Event types a subscribe capability covers (newer engines); accepted and ignored.',
  },
];

/** Where the policy language is described: docs/policies.md of the repository (scripts/generate-policy-doc.ts writes it). */
export const POLICY_DOC_URL = 'https://github.com/keyfob/keyfob/blob/main/docs/policies.md';

/** The link to a capability's or a block key's entry in docs/policies.md (anchors `capability-read`, `key-capabilities`). */
export function policyDocsUrl(entry: { readonly capability: string } | { readonly key: string }): string {
  return 'capability' in entry
    ? `${POLICY_DOC_URL}#capability-${entry.capability}`
    : `${POLICY_DOC_URL}#key-${entry.key}`;
}
