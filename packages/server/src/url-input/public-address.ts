import ipaddr from 'ipaddr.js';

/** Global unicast IPv6 (RFC 4291): everything outside it is unassigned, local, or a wrapper handled below. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
/** NAT64's well-known prefix (RFC 6052): the last 32 bits are the IPv4 address reached. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

function v4FromWords(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * The IPv4 addresses an IPv6 address carries and leads to: the mapped and translated forms
 * (::ffff:a.b.c.d, ::ffff:0:a.b.c.d), the deprecated compatible form (::a.b.c.d), 6to4's
 * gateway (2002:AABB:CCDD::), Teredo's server and its obfuscated client, NAT64's target.
 */
function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const words = address.parts;
  if (address.isIPv4MappedAddress()) return [address.toIPv4Address()];
  const range = address.range();
  if (range === 'rfc6145' || (words.slice(0, 6).every((word) => word === 0) && (words[6] !== 0 || words[7]! > 1))) {
    return [v4FromWords(words[6]!, words[7]!)];
  }
  if (range === '6to4') return [v4FromWords(words[1]!, words[2]!)];
  if (range === 'teredo') return [v4FromWords(words[2]!, words[3]!), v4FromWords(~words[6]! & 0xffff, ~words[7]! & 0xffff)];
  if (address.match(NAT64_WELL_KNOWN)) return [v4FromWords(words[6]!, words[7]!)];
  return [];
}

/**
 * Why an address is not one we may fetch from, or undefined when it is public. Ranges are
 * ipaddr.js's names (loopback, private, linkLocal, carrierGradeNat, uniqueLocal, reserved for
 * the documentation and benchmarking blocks, …); only plain unicast passes. An IPv6 address
 * that wraps an IPv4 one is judged by the IPv4 address it leads to.
 */
export function nonPublicRange(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return 'invalid';
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') {
    const range = parsed.range();
    return range === 'unicast' ? undefined : range;
  }
  const v6 = parsed as ipaddr.IPv6;
  // Scoped addresses (fe80::1%eth0) name a local interface.
  if (v6.zoneId) return 'linkLocal';
  const wrapped = embeddedV4(v6);
  if (wrapped.length > 0) {
    const label = v6.range() === 'unicast' ? 'ipv4Compatible' : v6.range();
    const inner = wrapped.map((v4) => v4.range()).find((range) => range !== 'unicast');
    if (inner) return `${label} of ${inner}`;
    // 6to4, Teredo and NAT64 lead to a public host; the mapped, translated and compatible forms
    // are never a public host's own address (written by hand, or a DNS answer meant to confuse).
    return v6.match(GLOBAL_UNICAST_V6) || v6.match(NAT64_WELL_KNOWN) ? undefined : label;
  }
  const range = v6.range();
  if (range !== 'unicast') return range;
  return v6.match(GLOBAL_UNICAST_V6) ? undefined : 'reserved';
}
