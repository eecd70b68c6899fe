import type { OffsetRange } from '../problem.ts';

/** Capabilities of a path rule (`subscribe` and `recover` exist only in newer versions of the real engine). */
export const CAPABILITIES = [
  'create',
  'read',
  'update',
  'patch',
  'delete',
  'list',
  'sudo',
  'deny',
  'subscribe',
  'recover',
] as const;

/** One capability. */
export type Capability = (typeof CAPABILITIES)[number];

/** Parameter constraints: lower-cased key -> allowed (or denied) values; `[]` means any value. */
type ParameterValues = Readonly<Record<string, readonly unknown[]>>;

/** One `path "..." { ... }` block after parsing. */
export interface PathRule {
  /** The path as written, leading `/` removed (`*` and `+` kept). */
  readonly path: string;
  /** Capabilities granted; exactly `["deny"]` when the block denies. */
  readonly capabilities: readonly Capability[];
  readonly allowedParameters: ParameterValues;
  readonly deniedParameters: ParameterValues;
  readonly requiredParameters: readonly string[];
  /** Seconds; 0 = no bound. */
  readonly minWrappingTtl: number;
  readonly maxWrappingTtl: number;
  /** Where the block and its path string are in the source. */
  readonly range?: OffsetRange;
  readonly pathRange?: OffsetRange;
  /** Where the capabilities list (or legacy `policy`) is, when written. */
  readonly capabilitiesRange?: OffsetRange;
}

/** A parsed ACL policy. */
export interface AclPolicy {
  readonly name: string;
  readonly rules: readonly PathRule[];
}

/** Operations an ACL decides on (the real engine's request operations). */
export type AclOperation =
  'read' | 'list' | 'create' | 'update' | 'patch' | 'delete' | 'revoke' | 'renew' | 'rollback' | 'recover' | 'help';
