import { describe, expect, it } from 'vitest';
import { ipAllowed, ipMatches, isValidIpEntry, normalizeIp } from './ip';

describe('IP matcher', () => {
  it('validates entries', () => {
    for (const ok of [
      '10.0.0.1',
      '10.0.0.0/8',
      '0.0.0.0/0',
      '2001:db8::1',
      '2001:db8::/32',
      '::/0',
      ' 192.168.1.1 ',
    ]) {
      expect(isValidIpEntry(ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      '10.0.0',
      '10.0.0.256',
      '10.0.0.0/33',
      '2001:db8::/129',
      '10.0.0.0/x',
      '10.0.0.0/8/1',
      'example.com',
      '10.0.0.0/',
    ]) {
      expect(isValidIpEntry(bad), bad).toBe(false);
    }
  });

  it('matches single IPv4 addresses and ranges', () => {
    expect(ipMatches('10.0.0.5', ['10.0.0.5'])).toBe(true);
    expect(ipMatches('10.0.0.6', ['10.0.0.5'])).toBe(false);
    expect(ipMatches('192.168.1.77', ['192.168.1.0/24'])).toBe(true);
    expect(ipMatches('192.168.2.1', ['192.168.1.0/24'])).toBe(false);
    expect(ipMatches('172.16.5.4', ['10.0.0.0/8', '172.16.0.0/12'])).toBe(true);
    expect(ipMatches('8.8.8.8', ['0.0.0.0/0'])).toBe(true);
  });

  it('matches IPv6 addresses and ranges', () => {
    expect(ipMatches('2001:db8::1', ['2001:db8::/32'])).toBe(true);
    expect(ipMatches('2001:0db8:0000::0001', ['2001:db8::1'])).toBe(true);
    expect(ipMatches('2001:db9::1', ['2001:db8::/32'])).toBe(false);
    expect(ipMatches('::1', ['127.0.0.1'])).toBe(false);
  });

  it('treats IPv4-mapped IPv6 client addresses as IPv4', () => {
    expect(normalizeIp('::FFFF:10.1.2.3')).toBe('10.1.2.3');
    expect(ipMatches('::ffff:10.1.2.3', ['10.1.0.0/16'])).toBe(true);
    expect(ipMatches('::ffff:10.2.2.3', ['10.1.0.0/16'])).toBe(false);
  });

  it('ignores invalid entries and unparsable addresses', () => {
    expect(ipMatches('10.0.0.1', ['nonsense', '10.0.0.0/99'])).toBe(false);
    expect(ipMatches('not-an-ip', ['0.0.0.0/0'])).toBe(false);
    expect(ipMatches('10.0.0.1', [])).toBe(false);
  });
});

describe('IP restriction rule', () => {
  const base = { remoteAccess: false, allowedIpAddresses: [], officeAddresses: [] };
  it('lets any address in with none or remote access', () => {
    expect(ipAllowed('1.2.3.4', { ...base, ipRestriction: 'none' })).toBe(true);
    expect(ipAllowed('1.2.3.4', { ...base, ipRestriction: 'office', remoteAccess: true })).toBe(true);
  });
  it('lets office or personal addresses in with any/office', () => {
    const access = {
      ...base,
      ipRestriction: 'office',
      officeAddresses: ['10.0.0.0/8'],
      allowedIpAddresses: ['1.2.3.4'],
    };
    expect(ipAllowed('10.9.9.9', access)).toBe(true);
    expect(ipAllowed('1.2.3.4', access)).toBe(true);
    expect(ipAllowed('1.2.3.5', access)).toBe(false);
    expect(ipAllowed('10.9.9.9', { ...access, ipRestriction: 'any' })).toBe(true);
    expect(ipAllowed('5.5.5.5', { ...base, ipRestriction: 'any' })).toBe(false);
  });
  it('lets nobody in with an unknown restriction', () => {
    expect(ipAllowed('10.0.0.1', { ...base, ipRestriction: 'bogus', officeAddresses: ['10.0.0.0/8'] })).toBe(
      false,
    );
  });
});
