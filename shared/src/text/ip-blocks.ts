import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * An IP address or CIDR block in canonical form (`127.0.0.1`, `10.0.0.0/8`, `::1`,
 * `2001:db8::/32`; a one-address block loses its `/32` or `/128`), or undefined when the text is
 * neither. Strict: IPv4 in dotted decimal only (no `127.1` or `0x7f.0.0.1`), IPv6 without a zone,
 * an IPv4-mapped IPv6 address read as the IPv4 one. Parsing is ipaddr.js's.
 *
 * @example canonicalIpBlock('2001:DB8:0:0::/32') // '2001:db8::/32'
 */
export function canonicalIpBlock(text: string): string | undefined {
  const block = parseBlock(text.trim());
  if (!block) return undefined;
  const [address, bits] = block;
  return bits === (address.kind() === 'ipv4' ? 32 : 128) ? address.toString() : `${address.toString()}/${bits}`;
}

/**
 * Whether `address` (as a socket reports it; `::ffff:a.b.c.d` counts as `a.b.c.d`) lies in one
 * of `blocks` (addresses or CIDR blocks). An unknown or unreadable address lies in none.
 */
export function ipInBlocks(address: string | undefined, blocks: readonly string[]): boolean {
  if (address === undefined || !ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  return blocks.some((text) => {
    const block = parseBlock(text);
    return block !== undefined && block[0].kind() === ip.kind() && ip.match(block);
  });
}

function parseBlock(text: string): [Address, number] | undefined {
  if (text.length > 64 || text.includes('%')) return undefined;
  const slash = text.includes('/');
  if (slash ? ipaddr.IPv4.isValidCIDRFourPartDecimal(text) : ipaddr.IPv4.isValidFourPartDecimal(text))
    return slash ? ipaddr.IPv4.parseCIDR(text) : [ipaddr.IPv4.parse(text), 32];
  if (slash ? ipaddr.IPv6.isValidCIDR(text) : ipaddr.IPv6.isValid(text)) {
    const [address, bits] = slash ? ipaddr.IPv6.parseCIDR(text) : [ipaddr.IPv6.parse(text), 128];
    if (address.isIPv4MappedAddress()) return [address.toIPv4Address(), Math.max(0, bits - 96)];
    return [address, bits];
  }
  return undefined;
}
