/** Lease fields of a response that carries a secret. */
interface LeaseFields {
  readonly leaseId: string;
  readonly renewable: boolean;
  /** Seconds. */
  readonly leaseDuration: number;
}

/** The `auth` block of a login or token-create response. */
export interface AuthBlock {
  readonly client_token: string;
  readonly accessor: string;
  readonly policies: readonly string[];
  readonly token_policies: readonly string[];
  readonly metadata: Readonly<Record<string, string>> | null;
  readonly lease_duration: number;
  readonly renewable: boolean;
  readonly entity_id: string;
  readonly token_type: 'service' | 'batch';
  readonly orphan: boolean;
  readonly mfa_requirement: null;
  readonly num_uses: number;
}

/**
 * What a route handler returns; the HTTP layer turns it into the wire format.
 * - `empty`: 204 without a body (a write with nothing to say).
 * - `data`: 200 (or `status`) with the standard envelope.
 * - `raw`: the body as given, fields at the top level (seed 1: static role read, static creds).
 */
export type HandlerResult =
  | { readonly kind: 'empty' }
  | {
      readonly kind: 'data';
      readonly data: Readonly<Record<string, unknown>> | null;
      readonly warnings?: readonly string[];
      readonly lease?: LeaseFields;
      readonly auth?: AuthBlock;
      readonly status?: number;
    }
  | { readonly kind: 'raw'; readonly body: Readonly<Record<string, unknown>>; readonly status?: number };

/** 204 No Content. */
export const EMPTY: HandlerResult = { kind: 'empty' };

/** A 200 envelope around `data`, with optional warnings. */
export function dataResult(
  data: Readonly<Record<string, unknown>> | null,
  warnings?: readonly string[],
): HandlerResult {
  return warnings && warnings.length > 0 ? { kind: 'data', data, warnings } : { kind: 'data', data };
}
