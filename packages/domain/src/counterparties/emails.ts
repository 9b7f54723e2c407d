/**
 * Email addresses as people enter them for counterparties and contacts. The local part is the practical
 * ASCII set also used by zod's `z.email()`; the domain may be internationalised (`пример.рф`) or in
 * punycode (`xn--e1afmkfd.xn--p1ai`), both used by Russian companies.
 */
const EMAIL =
  /^[A-Za-z0-9_'+-]+(?:\.[A-Za-z0-9_'+-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[A-Za-z0-9-]{1,59})$/u;

/** One address: at most 254 characters, 64 before the @ (RFC 5321). */
export function isValidEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  return value.length <= 254 && at > 0 && at <= 64 && EMAIL.test(value);
}

/** The addresses of a list separated by commas, semicolons or whitespace, in order, empty items dropped. */
export function parseEmailList(value: string): string[] {
  return value.split(/[\s,;]+/).filter((address) => address !== '');
}

/** A list with at least one address where every address is valid. */
export function isValidEmailList(value: string): boolean {
  const addresses = parseEmailList(value);
  return addresses.length > 0 && addresses.every(isValidEmail);
}
