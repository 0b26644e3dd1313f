import { BlockList, isIP } from 'node:net';

/**
 * IPv4 networks a webhook may not reach unless private networks are allowed: private, loopback, link-local,
 * and the other ranges that are not the public internet (unspecified, carrier-grade NAT, benchmarking,
 * multicast, reserved).
 */
const NON_PUBLIC_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/** The IPv6 ones: unspecified, loopback, unique-local, link-local, site-local, multicast, discard, documentation. */
const NON_PUBLIC_IPV6: readonly (readonly [string, number])[] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['100::', 64],
  ['2001:db8::', 32],
];

/**
 * An IPv4 address written as IPv6 is judged by the IPv4 address it carries. Node's BlockList already checks an
 * IPv4-mapped address (::ffff:10.0.0.1) against the IPv4 rules; NAT64 (64:ff9b::/96) and 6to4 (2002::/16)
 * carry it in other bits, so each IPv4 network is blocked there too, as the IPv6 network that embeds it.
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of NON_PUBLIC_IPV4) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
  const [high, low] = hexGroups(network);
  NON_PUBLIC.addSubnet(`64:ff9b::${high}:${low}`, 96 + prefix, 'ipv6');
  NON_PUBLIC.addSubnet(`2002:${high}:${low}::`, 16 + prefix, 'ipv6');
}
for (const [network, prefix] of NON_PUBLIC_IPV6) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** The two 16-bit groups, in hex, of an IPv4 address. */
function hexGroups(ipv4: string): [string, string] {
  const [a, b, c, d] = ipv4.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

/** Whether `address` (an IP literal, brackets allowed) is outside the public internet. */
export function isNonPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '');
  // BlockList.check answers false for what is no address of the family (a host name), so none is tested first.
  return NON_PUBLIC.check(ip, isIP(ip) === 4 ? 'ipv4' : 'ipv6');
}

/** Host names that always mean this machine, whatever DNS says. */
export function isLocalHostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}
