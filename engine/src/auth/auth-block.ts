import type { AuthBlock } from '../http/handler-result.ts';
import type { Caller } from './token-store.ts';

/** The `auth` block of a response that hands out a new token. */
export function authBlock(token: string, caller: Caller, now: number): AuthBlock {
  const record = caller.record;
  const leaseDuration = record.expiresAt === null ? 0 : Math.max(0, Math.round((record.expiresAt - now) / 1000));
  return {
    client_token: token,
    accessor: record.accessor,
    policies: record.policies,
    token_policies: record.policies,
    metadata: record.meta,
    lease_duration: leaseDuration,
    renewable: record.renewable,
    entity_id: '',
    token_type: record.type ?? 'service',
    orphan: record.parent === null,
    mfa_requirement: null,
    num_uses: 0,
  };
}

/**
 * Token display names as the real engine builds them: `token-<name>` with characters outside
 * `[a-zA-Z0-9-]` turned into `-` and a trailing `-` dropped; `token` when no name was given.
 */
export function tokenDisplayName(name: string): string {
  if (name === '') return 'token';
  return `token-${name}`.replace(/[^a-zA-Z0-9-]/g, '-').replace(/-$/, '');
}
