import { MAX_BOUND_CIDRS } from '../rules/index.ts';
import { canonicalIpBlock, ipInBlocks } from '../text/index.ts';

/**
 * Reads `token_bound_cidrs` (or its older name `bound_cidrs`): a list or a comma-separated string
 * of IP addresses and CIDR blocks (see `canonicalIpBlock`), each returned in canonical form, as the
 * real engine prints them. A bad value gets the real engine's message (`error parsing address
 * "x": Unable to convert "x" to ...`) with keyfob's fix after it.
 */
export function readBoundCidrs(value: unknown, field: string): { cidrs: string[]; errors: string[] } {
  if (value === undefined || value === null || value === '') return { cidrs: [], errors: [] };
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  const items = raw.map((v) => (typeof v === 'string' ? v.trim() : (JSON.stringify(v) ?? String(v))));
  const texts = items.filter((v) => v !== '');
  if (texts.length > MAX_BOUND_CIDRS)
    return { cidrs: [], errors: [`${field} holds ${texts.length} entries; at most ${MAX_BOUND_CIDRS} are accepted`] };
  const cidrs: string[] = [];
  const errors: string[] = [];
  for (const text of texts) {
    const block = canonicalIpBlock(text);
    if (block !== undefined) cidrs.push(block);
    else errors.push(boundCidrError(text, field));
  }
  return { cidrs, errors };
}

/** The real engine's message for a bound CIDR it cannot read, and keyfob's fix after it. */
function boundCidrError(text: string, field: string): string {
  const quoted = JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
  return `error parsing address ${quoted}: Unable to convert ${quoted} to an IPv4 or IPv6 address, or a UNIX Socket (${field}: write an IP address or a CIDR block such as 10.0.0.0/8 or ::1/128)`;
}

/**
 * Whether a request from `remote` (a socket's remote address) may use something bound to
 * `cidrs`. No binding allows every address; with a binding, an unknown or unreadable remote
 * address is refused, as the real engine refuses it.
 */
export function addressAllowed(remote: string | undefined, cidrs: readonly string[]): boolean {
  return cidrs.length === 0 || ipInBlocks(remote, cidrs);
}
