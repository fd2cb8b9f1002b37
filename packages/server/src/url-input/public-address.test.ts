import { describe, expect, test } from 'vitest';
import { nonPublicRange } from './public-address.ts';

describe('nonPublicRange', () => {
  test.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.254', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['198.18.0.1', 'reserved'],
  ])('IPv4 %s is refused as %s', (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
  });

  test.each([
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'discard'],
    // Unassigned space outside 2000::/3.
    ['4000::1', 'reserved'],
  ])('IPv6 %s is refused as %s', (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
  });

  test.each([
    ['::ffff:127.0.0.1', 'ipv4Mapped of loopback'],
    ['::ffff:a9fe:a9fe', 'ipv4Mapped of linkLocal'],
    ['::ffff:10.0.0.1', 'ipv4Mapped of private'],
    ['::ffff:0:7f00:1', 'rfc6145 of loopback'],
    ['::7f00:1', 'ipv4Compatible of loopback'],
    ['::c0a8:1', 'ipv4Compatible of private'],
    // ipaddr.js reads a dotted tail as the mapped form: refused all the same.
    ['::192.168.0.1', 'ipv4Mapped of private'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2002:c0a8:101::1', '6to4 of private'],
    ['2002:a9fe:a9fe::', '6to4 of linkLocal'],
    // Teredo: a public server (65.54.227.120), the client 10.0.0.1 obfuscated (bits inverted).
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'teredo of private'],
    ['64:ff9b::a00:1', 'rfc6052 of private'],
    ['64:ff9b::7f00:1', 'rfc6052 of loopback'],
  ])('IPv6 wrapping a private IPv4, %s, is refused as %s', (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
  });

  test('mapped and compatible forms of a public IPv4 are refused too (never a public host’s own address)', () => {
    expect(nonPublicRange('::ffff:8.8.8.8')).toBe('ipv4Mapped');
    expect(nonPublicRange('::808:808')).toBe('ipv4Compatible');
  });

  test.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '2002:808:808::1',
    '64:ff9b::808:808',
  ])('%s is public', (address) => {
    expect(nonPublicRange(address)).toBeUndefined();
  });

  test('text that is no address is refused', () => {
    expect(nonPublicRange('localhost')).toBe('invalid');
  });
});
