import type { EngineError } from './engine-error.ts';

/** The header with which a cluster names the state a write reached (Vault Enterprise, OpenBao). */
const INDEX_HEADER = 'X-Vault-Index';
const INDEX_HEADER_LOWER_CASE = 'x-vault-index';
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
  const local = head === undefined ? undefined : localIndexAfterHead(head, value);
  const parsed = local === undefined ? parseIndex(value) : { cluster: head?.cluster ?? '', local };
  lastRead = { value, parsed };
  return parsed;
}

/** Only the head is read (`v1:<cluster id>:<local index>:`): 96 base64 characters are 72 bytes, past a UUID cluster id and a 15-digit index; the HMAC tail never is. */
const HEAD_CHARS = 96;

function parseIndex(value: string): { cluster: string; local: number } | undefined {
  if (value.length > 1024) return undefined;
  let text: string;
  try {
    text = decodeBase64(value.length > HEAD_CHARS ? value.slice(0, HEAD_CHARS) : value);
  } catch {
    return undefined;
  }
  if (!text.startsWith('v1:')) return undefined;
  const clusterEnd = text.indexOf(':', 3);
  const localEnd = clusterEnd < 0 ? -1 : text.indexOf(':', clusterEnd + 1);
  if (localEnd < 0) return undefined;
  const local = text.slice(clusterEnd + 1, localEnd);
  if (!/^\d{1,15}$/.test(local)) return undefined;
  const cluster = text.slice(3, clusterEnd);
  if (head?.cluster !== cluster) head = clusterHead(cluster);
  return { cluster, local: Number(local) };
}

/**
 * What every index of one cluster begins with: `v1:<cluster id>:` as whole base64 groups
 * (`chars`, the same text in every value, since each group of 4 characters encodes 3 bytes on its
 * own) and the 0 to 2 bytes left over (`rest`), which share the next group with the local index.
 */
interface ClusterHead {
  readonly cluster: string;
  readonly chars: string;
  readonly rest: string;
}

/** The head of the last cluster read: the next value of that cluster is read without decoding it. */
let head: ClusterHead | undefined;

function clusterHead(cluster: string): ClusterHead | undefined {
  const text = `v1:${cluster}:`;
  const whole = text.length - (text.length % 3);
  try {
    return { cluster, chars: btoa(text.slice(0, whole)), rest: text.slice(whole) };
  } catch {
    return undefined; // Not Latin-1 text: such a value is always decoded in full.
  }
}

const COLON = 0x3a;

/**
 * The local index of `value` when it begins with `head`'s characters: the groups after them are
 * decoded here, one byte at a time (the head's leftover bytes, then the digits up to the `:`),
 * within the same 96 characters the full decoding reads. Undefined when the value does not read
 * that way (another cluster, an odd character): it is then decoded in full.
 */
function localIndexAfterHead(at: ClusterHead, value: string): number | undefined {
  if (value.length > 1024 || !value.startsWith(at.chars)) return undefined;
  let matched = 0;
  let local = 0;
  let digits = 0;
  for (let i = at.chars.length; i + 4 <= value.length && i < HEAD_CHARS; i += 4) {
    const a = sextet(value, i);
    const b = sextet(value, i + 1);
    const c = sextet(value, i + 2);
    const d = sextet(value, i + 3);
    if ((a | b | c | d) < 0) return undefined;
    const group = (a << 18) | (b << 12) | (c << 6) | d;
    for (let shift = 16; shift >= 0; shift -= 8) {
      const byte = (group >> shift) & 0xff;
      if (matched < at.rest.length) {
        if (byte !== at.rest.charCodeAt(matched++)) return undefined;
      } else if (byte === COLON) return digits > 0 ? local : undefined;
      else if (byte >= 0x30 && byte <= 0x39 && digits < 15) {
        local = local * 10 + byte - 0x30;
        digits++;
      } else return undefined;
    }
  }
  return undefined;
}

/** The value of each base64 character (standard alphabet); -1 for any other. */
const SEXTETS = ((): Int8Array => {
  const table = new Int8Array(128).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
})();

/** The 6 bits of the base64 character at `i`; -1 for any other character (or none). */
function sextet(value: string, i: number): number {
  const code = value.charCodeAt(i);
  return code < 128 ? (SEXTETS[code] ?? -1) : -1;
}

/** Node's `Buffer` decodes base64 several times faster than its `atob`; `atob` elsewhere. */
const decodeBase64: (value: string) => string =
  typeof Buffer === 'function' ? (value) => Buffer.from(value, 'base64').toString('latin1') : (value) => atob(value);

const PRINTABLE = /^[\x21-\x7e]+$/;

/** Records the index of an answer, when it carries one (a bounded, printable value only). */
export function recordIndex(state: ConsistencyState, headers: Headers): void {
  // Read on every answer: the lower-case name skips a case conversion in Headers.get.
  const value = headers.get(INDEX_HEADER_LOWER_CASE);
  if (value === null || value === state.index || value.length === 0 || value.length > 1024) return;
  const newer = newerIndex(state.index, value);
  // Checked only when it would be kept (and sent back), which is when it is newer.
  if (newer !== value || PRINTABLE.test(value)) state.index = newer;
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
