import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { Reader, type CountryResponse } from 'mmdb-lib';

/**
 * The embedded IP-to-country database: ip-location-db's "geo-whois-asn-country" (CC0, built from the registries'
 * whois and ASN data; NRO statistics under CC BY 4.0, credited in the README). It ships inside the npm package, so a
 * dependency update updates it and a lookup never leaves the process.
 */
const DATABASE = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

/** ip-location-db's flat record (not MaxMind's nested one); typed on CountryResponse to satisfy the reader. */
type CountryRecord = CountryResponse & { country_code?: string };

/**
 * Addresses that belong to no country (RFC 6890 special-purpose ranges). Checked before the database, which is built
 * from registry data and does place some of them (192.168.0.0/24 comes back as Australia).
 */
const NOWHERE = new BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOWHERE.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32]] as const) {
  NOWHERE.addSubnet(prefix, bits, 'ipv6');
}

let reader: Reader<CountryRecord> | undefined;

/** Opened on first use (about 8 MB, read once in ~10 ms), so processes that never locate anyone do not pay for it. */
function database(): Reader<CountryRecord> {
  reader ??= new Reader<CountryRecord>(readFileSync(createRequire(import.meta.url).resolve(DATABASE)));
  return reader;
}

/**
 * The ISO 3166-1 alpha-2 code of the country an address is registered in, or undefined when the database does not
 * know it (loopback, private and reserved ranges, unassigned space) or the text is not an address.
 */
export function countryOfAddress(ip: string): string | undefined {
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d; the database keys it as plain IPv4.
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address);
  if (!family || NOWHERE.check(address, family === 4 ? 'ipv4' : 'ipv6')) return undefined;
  const code = database().get(address)?.country_code;
  return code && /^[A-Z]{2}$/.test(code) ? code : undefined;
}
