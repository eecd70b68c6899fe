import type { AclOperation, Capability } from './policy-types.ts';

/** The legacy `policy = "..."` values and the capabilities each stands for. */
export const LEGACY_POLICY_CAPABILITIES: Readonly<Record<string, readonly Capability[]>> = {
  deny: ['deny'],
  read: ['read', 'list'],
  write: ['create', 'read', 'update', 'delete', 'list'],
  sudo: ['create', 'read', 'update', 'delete', 'list', 'sudo'],
};

/**
 * The capability an operation needs, as the real engine maps them: revoke, renew and rollback
 * need `update`; help needs nothing (undefined).
 */
export function capabilityFor(operation: AclOperation): Capability | undefined {
  switch (operation) {
    case 'revoke':
    case 'renew':
    case 'rollback':
      return 'update';
    case 'help':
      return undefined;
    default:
      return operation;
  }
}

/** Order of the capabilities in `sys/capabilities*` answers (the real engine's bitmap order). */
export const CAPABILITY_REPORT_ORDER: readonly Capability[] = [
  'sudo',
  'read',
  'list',
  'update',
  'delete',
  'create',
  'patch',
  'subscribe',
  'recover',
];
