import type { EngineError } from './engine-error.ts';

/** The header with which a cluster names the state a write reached (Vault Enterprise, OpenBao). */
const INDEX_HEADER = 'X-Vault-Index';
/** What a standby does with a request whose index it has not reached: send it to the active node. */
const INCONSISTENT_HEADER = 'X-Vault-Inconsistent';
const FORWARD_ACTIVE_NODE = 'forward-active-node';

/**
 * What a client remembers for read-after-write on a cluster, shared by every client of one step (a
 * client, its `withToken` copies, the login client): the `X-Vault-Index` of the newest state its
 * logins and writes reached, and the token of the last login until it has been used once.
 */
export interface ConsistencyState {
  index: string | undefined;
  freshToken: string | undefined;
}

/** A new, empty state; pass the same one to every client that must see the others' writes. */
export function createConsistencyState(): ConsistencyState {
  return { index: undefined, freshToken: undefined };
}

/**
 * Keeps the newer of two index values. Vault's and OpenBao's are base64 of
 * `v1:<cluster id>:<local index>:<replicated index>:<hmac>`: within one cluster the higher local
 * index is newer; a value of another cluster or one that cannot be read replaces the old one
 * (the last answer is the best guess).
 */
export function newerIndex(current: string | undefined, received: string): string {
  if (current === undefined || current === received) return received;
  const a = readIndex(current);
  const b = readIndex(received);
  if (a && b && a.cluster === b.cluster) return b.local >= a.local ? received : current;
  return received;
}

/** The last value read (every answer is compared with the kept one, which rarely changes twice). */
let lastRead: { value: string; parsed: { cluster: string; local: number } | undefined } | undefined;

function readIndex(value: string): { cluster: string; local: number } | undefined {
  if (lastRead?.value === value) return lastRead.parsed;
  const parsed = parseIndex(value);
  lastRead = { value, parsed };
  return parsed;
}

function parseIndex(value: string): { cluster: string; local: number } | undefined {
  if (value.length > 1024) return undefined;
  let text: string;
  try {
    // Only the head is needed (`v1:<cluster id>:<local index>:`): 96 base64 characters are 72 bytes,
    // past a UUID cluster id and a 15-digit index; the HMAC tail is never decoded.
    text = decodeBase64(value.length > 96 ? value.slice(0, 96) : value);
  } catch {
    return undefined;
  }
  if (!text.startsWith('v1:')) return undefined;
  const clusterEnd = text.indexOf(':', 3);
  const localEnd = clusterEnd < 0 ? -1 : text.indexOf(':', clusterEnd + 1);
  if (localEnd < 0) return undefined;
  const local = text.slice(clusterEnd + 1, localEnd);
  if (!/^\d{1,15}$/.test(local)) return undefined;
  return { cluster: text.slice(3, clusterEnd), local: Number(local) };
}

/** Node's `Buffer` decodes base64 several times faster than its `atob`; `atob` elsewhere. */
const decodeBase64: (value: string) => string =
  typeof Buffer === 'function' ? (value) => Buffer.from(value, 'base64').toString('latin1') : (value) => atob(value);

const PRINTABLE = /^[\x21-\x7e]+$/;

/** Records the index of an answer, when it carries one (a bounded, printable value only). */
export function recordIndex(state: ConsistencyState, headers: Headers): void {
  const value = headers.get(INDEX_HEADER);
  if (value === null || value === state.index) return;
  if (value.length === 0 || value.length > 1024 || !PRINTABLE.test(value)) return;
  state.index = newerIndex(state.index, value);
}

/**
 * Adds the headers that make a request see the client's last write: its index, and the instruction
 * to forward to the active node rather than refuse when the node is behind. None before any write.
 */
export function addIndexHeaders(headers: Record<string, string>, state: ConsistencyState): void {
  if (state.index === undefined) return;
  headers[INDEX_HEADER] = state.index;
  headers[INCONSISTENT_HEADER] = FORWARD_ACTIVE_NODE;
}

/** Why a 412 or 429 came back: a node behind the client's last write, or a rate limit. */
export type WaitKind = 'consistency' | 'rate-limit';

/**
 * Tells a consistency wait from a rate limit: Vault's 412, or a 429 naming the missing index state
 * (OpenBao), is a node that has not caught up; any other 429 is a rate-limit quota.
 */
export function waitKind(error: Pick<EngineError, 'status' | 'errors'>): WaitKind | undefined {
  if (error.status === 412) return 'consistency';
  if (error.status !== 429) return undefined;
  return error.errors.some((text) => /index state/i.test(text)) ? 'consistency' : 'rate-limit';
}
