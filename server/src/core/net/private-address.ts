/**
 * Addresses a request the plugin sends on an admin's word must never reach: this machine, the
 * private network, link-local (cloud metadata at 169.254.169.254), unique-local, unspecified,
 * multicast and reserved ranges, in IPv4 and IPv6 (IPv4-mapped IPv6 is checked as IPv4). An admin
 * who may edit a setting must not turn the plugin into a scanner of the internal network. Pure.
 */
import { BlockList, isIP } from 'node:net';

const PRIVATE = new BlockList();
// prettier-ignore
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
// prettier-ignore
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
  ['100::', 64], ['2001:db8::', 32],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address (as DNS or a URL gives it, IPv6 with or without brackets) is not public. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return true;
  return PRIVATE.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}
