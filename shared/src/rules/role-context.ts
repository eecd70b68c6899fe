import type { RuleContext } from './rule.ts';
import type { CredentialType } from './types.ts';

/** What role rules see beyond the common context. */
export interface RoleContext extends RuleContext {
  /** The credential type when `credential_type` is one of the four; undefined otherwise. */
  readonly type: CredentialType | undefined;
  /** A legacy field (`policy` or `arn`) is present. */
  readonly legacy: boolean;
  /** The role name to check, and where it came from (`key`: the `name` field; `given`: caller or manifest key). */
  readonly name: { readonly value: string; readonly from: 'key' | 'given' } | undefined;
}

/** "a", "a or b", "a, b or c". */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}
