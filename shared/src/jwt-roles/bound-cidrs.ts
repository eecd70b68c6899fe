import ipaddr from 'ipaddr.js';

/** Most CIDR blocks one role (or token) may be bound to. */
const MAX_BOUND_CIDRS = 256;

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Reads `token_bound_cidrs` (or its older name `bound_cidrs`): a list or a comma-separated string
 * of IP addresses and CIDR blocks, IPv4 in dotted decimal, IPv6 in any standard form. Each value
 * comes back in its canonical form (`127.0.0.1`, `10.0.0.0/8`, `::1`; a one-address block loses
 * its `/32` or `/128`, as the real engine prints it). A bad value gets the real engine's message
 * (`error parsing address "x": Unable to convert "x" to ...`) with keyfob's fix after it.
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
    const parsed = parseBlock(text);
    if (parsed) cidrs.push(canonical(parsed));
    else
      errors.push(
        `error parsing address ${quoted(text)}: Unable to convert ${quoted(text)} to an IPv4 or IPv6 address, or a UNIX Socket (${field}: write an IP address or a CIDR block such as 10.0.0.0/8 or ::1/128)`,
      );
  }
  return { cidrs, errors };
}

/**
 * Whether a request from `remote` (a socket's remote address; an IPv4-mapped IPv6 address counts
 * as the IPv4 one) may use something bound to `cidrs`. No binding allows every address; a bound
 * one with an unknown or unreadable remote address is refused, as the real engine refuses it.
 */
export function addressAllowed(remote: string | undefined, cidrs: readonly string[]): boolean {
  if (cidrs.length === 0) return true;
  if (remote === undefined || !ipaddr.isValid(remote)) return false;
  const address = ipaddr.process(remote);
  return cidrs.some((cidr) => {
    const block = parseBlock(cidr);
    return block !== undefined && block[0].kind() === address.kind() && address.match(block);
  });
}

/** An address or a block, strictly: dotted-decimal IPv4 (no `10` or `0x7f.1` forms), IPv6 without a zone. */
function parseBlock(text: string): [Address, number] | undefined {
  if (text.length > 64 || text.includes('%')) return undefined;
  const slash = text.includes('/');
  if (slash ? ipaddr.IPv4.isValidCIDRFourPartDecimal(text) : ipaddr.IPv4.isValidFourPartDecimal(text)) {
    return slash ? ipaddr.IPv4.parseCIDR(text) : [ipaddr.IPv4.parse(text), 32];
  }
  if (slash ? ipaddr.IPv6.isValidCIDR(text) : ipaddr.IPv6.isValid(text)) {
    const [address, bits] = slash ? ipaddr.IPv6.parseCIDR(text) : [ipaddr.IPv6.parse(text), 128];
    // `::ffff:10.0.0.1` is the IPv4 address, as remote addresses are read.
    if (address.isIPv4MappedAddress()) return [address.toIPv4Address(), Math.max(0, bits - 96)];
    return [address, bits];
  }
  return undefined;
}

function canonical([address, bits]: [Address, number]): string {
  const full = address.kind() === 'ipv4' ? 32 : 128;
  return bits === full ? address.toString() : `${address.toString()}/${bits}`;
}

function quoted(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}
