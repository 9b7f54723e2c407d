import { BlockList, isIP } from 'node:net';

/** How a user's sign-in address is limited (users.ip_restriction). */
export const IP_RESTRICTIONS = ['none', 'any', 'office'] as const;
export type IpRestriction = (typeof IP_RESTRICTIONS)[number];

/** `::ffff:10.0.0.1` (an IPv4 client on a dual-stack socket) is the IPv4 address it wraps. */
export function normalizeIp(address: string): string {
  const lower = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  return mapped ? mapped[1]! : lower;
}

interface ParsedEntry {
  address: string;
  prefix: number | null;
  family: 'ipv4' | 'ipv6';
}

function parseEntry(entry: string): ParsedEntry | null {
  const [rawAddress, rawPrefix, ...rest] = entry.trim().split('/');
  if (rest.length || !rawAddress) return null;
  const address = normalizeIp(rawAddress);
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (rawPrefix === undefined) return { address, prefix: null, family };
  if (!/^\d{1,3}$/.test(rawPrefix)) return null;
  const prefix = Number(rawPrefix);
  if (prefix > (version === 4 ? 32 : 128)) return null;
  return { address, prefix, family };
}

/** An IP address or CIDR range, IPv4 or IPv6: `10.0.0.5`, `10.0.0.0/24`, `2001:db8::/32`. */
export function isValidIpEntry(entry: string): boolean {
  return parseEntry(entry) !== null;
}

/** Whether `address` is one of `entries` or inside one of their ranges; invalid entries match nothing. */
export function ipMatches(address: string, entries: readonly string[]): boolean {
  const ip = normalizeIp(address);
  const version = isIP(ip);
  if (version === 0 || entries.length === 0) return false;
  const list = new BlockList();
  for (const entry of entries) {
    const parsed = parseEntry(entry);
    if (!parsed) continue;
    if (parsed.prefix === null) list.addAddress(parsed.address, parsed.family);
    else list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return list.check(ip, version === 4 ? 'ipv4' : 'ipv6');
}

export interface IpAccess {
  ipRestriction: string;
  remoteAccess: boolean;
  allowedIpAddresses: readonly string[];
  /** For `any`: addresses of every enabled service office; for `office`: of the user's own (if enabled). */
  officeAddresses: readonly string[];
}

/**
 * The rule of docs/decisions/002: `none` or remote access lets any address in; `any` and `office` let in
 * the office addresses given plus the user's own allowed addresses. An unknown value lets nobody in.
 */
export function ipAllowed(address: string, access: IpAccess): boolean {
  if (access.remoteAccess || access.ipRestriction === 'none') return true;
  if (access.ipRestriction !== 'any' && access.ipRestriction !== 'office') return false;
  return ipMatches(address, [...access.allowedIpAddresses, ...access.officeAddresses]);
}
