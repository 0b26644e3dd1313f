import fc from 'fast-check';
import { isLocalHostName, isNonPublicAddress } from './network-address';

/**
 * The ranges the module blocks, by their first and last addresses as the RFCs write them ("172.16.0.0 -
 * 172.31.255.255"): stated apart from the module's prefixes, so that its arithmetic is checked too; read as
 * numbers to draw addresses inside and just outside them.
 */
const IPV4_RANGES: [string, string][] = [
  ['0.0.0.0', '0.255.255.255'],
  ['10.0.0.0', '10.255.255.255'],
  ['100.64.0.0', '100.127.255.255'],
  ['127.0.0.0', '127.255.255.255'],
  ['169.254.0.0', '169.254.255.255'],
  ['172.16.0.0', '172.31.255.255'],
  ['192.0.0.0', '192.0.0.255'],
  ['192.0.2.0', '192.0.2.255'],
  ['192.168.0.0', '192.168.255.255'],
  ['198.18.0.0', '198.19.255.255'],
  ['198.51.100.0', '198.51.100.255'],
  ['203.0.113.0', '203.0.113.255'],
  ['224.0.0.0', '239.255.255.255'],
  ['240.0.0.0', '255.255.255.255'],
];

const toNumber = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const toDotted = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
const hex = (n: number) => [(n >>> 16).toString(16), (n & 0xffff).toString(16)];
const inRange = (n: number) => IPV4_RANGES.some(([first, last]) => n >= toNumber(first) && n <= toNumber(last));

/** Every way an IPv4 address can be written as IPv6 that the module reads: mapped, NAT64, 6to4. */
const ipv6Spellings = (n: number) => {
  const [high, low] = hex(n);
  return [
    `::ffff:${toDotted(n)}`,
    `::ffff:${high}:${low}`,
    `0:0:0:0:0:ffff:${high}:${low}`,
    `64:ff9b::${high}:${low}`,
    `64:ff9b::${toDotted(n)}`,
    `64:ff9b:0:0:0:0:${high}:${low}`,
    `2002:${high}:${low}::`,
    `2002:${high}:${low}:1:2:3:4:5`,
  ];
};

const anyIpv4 = fc.integer({ min: 0, max: 2 ** 32 - 1 });

describe('non-public addresses, over many inputs', () => {
  it.each(IPV4_RANGES)(
    'every address of %s to %s is non-public, and the ones just outside are judged alone',
    (from, to) => {
      const first = toNumber(from);
      const last = toNumber(to);
      fc.assert(
        fc.property(fc.integer({ min: first, max: last }), (n) => isNonPublicAddress(toDotted(n)) === true),
        { examples: [[first], [last]] },
      );
      for (const outside of [first - 1, last + 1].filter((n) => n >= 0 && n < 2 ** 32)) {
        expect(isNonPublicAddress(toDotted(outside))).toBe(inRange(outside));
      }
    },
  );

  it('judges any IPv4 address by the ranges alone', () => {
    fc.assert(
      fc.property(anyIpv4, (n) => isNonPublicAddress(toDotted(n)) === inRange(n)),
      { numRuns: 2000 },
    );
  });

  it('judges an IPv4 address written as IPv6 (mapped, NAT64, 6to4) as the IPv4 address itself', () => {
    const samples = fc.oneof(
      anyIpv4,
      fc
        .constantFrom(...IPV4_RANGES)
        .chain(([first, last]) => fc.integer({ min: toNumber(first), max: toNumber(last) })),
    );
    fc.assert(
      fc.property(samples, (n) => ipv6Spellings(n).every((ip) => isNonPublicAddress(ip) === inRange(n))),
      { numRuns: 1000 },
    );
  });

  it('reads an address the same with or without brackets', () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6()), (ip) => isNonPublicAddress(`[${ip}]`) === isNonPublicAddress(ip)),
    );
  });

  it('takes what is not an IP literal for public: names are judged by what they resolve to', () => {
    fc.assert(fc.property(fc.domain(), (name) => isNonPublicAddress(name) === false));
    for (const text of [
      '',
      'localhost',
      '10.0.0',
      '10.0.0.1.',
      '::ffff:10.0.0.1:1',
      'fc00:::1',
      '1[0.0.0.1',
      ']10.0.0.1',
      '[[::1]]',
    ]) {
      expect(isNonPublicAddress(text)).toBe(false);
    }
  });

  it.each([
    ['::', true],
    ['::1', true],
    ['::2', false],
    ['fbff:ffff::1', false],
    ['fc00::', true],
    ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', true],
    ['fe00::1', false],
    ['fe80::1', true],
    ['febf:ffff::1', true],
    ['fec0::1', true],
    ['feff:ffff::1', true],
    ['ff02::1', true],
    ['100::1', true],
    ['100:0:0:1::1', false],
    ['2001:db8::1', true],
    ['2001:db9::1', false],
    ['64:ff9b::808:808', false],
    ['64:ff9b:1::a00:1', false],
    ['2002:808:808::', false],
    ['2001:4860:4860::8888', false],
  ])('IPv6 %s is non-public: %s', (address, expected) => expect(isNonPublicAddress(address)).toBe(expected));
});

describe('local host names', () => {
  it.each(['localhost', 'LOCALHOST', 'localhost.', 'api.localhost', 'a.b.Localhost.'])('%s is this machine', (host) =>
    expect(isLocalHostName(host)).toBe(true),
  );

  it.each(['mylocalhost', 'localhost.example', 'localhost..', 'example.com', 'localhostx', '.localhostx'])(
    '%s is not',
    (host) => expect(isLocalHostName(host)).toBe(false),
  );
});
