import { BlockList, isIP } from "node:net";

/**
 * IPv4 ranges a push service on the Internet never has (IANA's special-purpose registry): this
 * network, private, CGNAT, loopback, link-local (cloud metadata), protocol assignments,
 * documentation, 6to4 relays, benchmarking, multicast, reserved and broadcast.
 */
const NOT_PUBLIC_V4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];

/**
 * Inside global unicast (2000::/3, the only IPv6 a public host has today), the special-purpose
 * blocks: IETF protocol assignments (Teredo, benchmarking, ORCHID), documentation and 6to4, whose
 * traffic is relayed to an embedded IPv4 address.
 */
const NOT_PUBLIC_V6: [string, number][] = [
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["3fff::", 20],
];

const notPublicV4 = new BlockList();
for (const [network, prefix] of NOT_PUBLIC_V4) notPublicV4.addSubnet(network, prefix, "ipv4");
const notPublicV6 = new BlockList();
for (const [network, prefix] of NOT_PUBLIC_V6) notPublicV6.addSubnet(network, prefix, "ipv6");
const globalUnicast = new BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");
/** IPv4-mapped (::ffff:0:0/96) and NAT64's well-known prefix (64:ff9b::/96): an IPv4 address inside. */
const embedsIpv4 = new BlockList();
embedsIpv4.addSubnet("::ffff:0:0", 96, "ipv6");
embedsIpv4.addSubnet("64:ff9b::", 96, "ipv6");

/**
 * True when `address` (as a resolver returns it) is a public unicast address a push service may
 * have. Everything else is refused: loopback, private, link-local, CGNAT, unique-local (fc00::/7),
 * site-local, multicast, unspecified, reserved, documentation, and IPv6 forms that carry one of
 * those IPv4 addresses (IPv4-mapped, NAT64). Not an address at all: false.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublicV4.check(address, "ipv4");
  if (family !== 6 || address.includes("%")) return false;
  if (embedsIpv4.check(address, "ipv6")) return isPublicAddress(lastIpv4(address));
  return globalUnicast.check(address, "ipv6") && !notPublicV6.check(address, "ipv6");
}

/** The IPv4 address in the last 32 bits of an IPv6 address (`::ffff:7f00:1` → `127.0.0.1`). */
function lastIpv4(address: string): string {
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (dotted) return dotted;
  const groups = hextets(address);
  const high = groups[6] ?? 0;
  const low = groups[7] ?? 0;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/** The eight 16-bit groups of an IPv6 address without a dotted tail (`::` expanded). */
function hextets(address: string): number[] {
  const [head = "", tail] = address.split("::");
  const parse = (part: string) =>
    part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16));
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
