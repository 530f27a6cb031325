import { addressKey } from './rate-limits';

describe('addressKey: the client address a per-address limit counts', () => {
  it('keeps an IPv4 address, and the IPv4 inside an IPv4-mapped IPv6 address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    expect(addressKey('2001:db8:0:1:aaaa:bbbb:cccc:1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:DB8:0000:0001::2')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves anything else as it came (the app says "unknown" when it has no address)', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
