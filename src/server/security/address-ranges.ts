// Sets of IP address ranges and whether an address is in one: the apply-link check's "not a public
// address" and TRUST_PROXY's "where our proxy can sit" are two different sets, checked alike.
import { BlockList, isIP } from 'node:net';

type Subnets = readonly (readonly [network: string, prefix: number])[];

export function addressRanges(ipv4: Subnets, ipv6: Subnets): BlockList {
  const ranges = new BlockList();
  for (const [network, prefix] of ipv4) ranges.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of ipv6) ranges.addSubnet(network, prefix, 'ipv6');
  return ranges;
}

/** Whether `address` is in `ranges`, an IPv4-mapped IPv6 one as its IPv4; never a non-address. */
export function inRanges(ranges: BlockList, address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return ranges.check(mapped, 'ipv4');
  const family = isIP(address);
  return family !== 0 && ranges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
