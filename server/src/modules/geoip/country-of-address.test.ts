import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countryOfAddress } from './country-of-address.js';

test('public addresses resolve to the country they are registered in (IPv4, IPv6, IPv4-mapped)', () => {
  assert.equal(countryOfAddress('90.84.0.1'), 'FR'); // Orange France
  assert.equal(countryOfAddress('8.8.8.8'), 'US');
  assert.equal(countryOfAddress('81.2.69.160'), 'GB');
  assert.equal(countryOfAddress('133.242.0.1'), 'JP');
  assert.equal(countryOfAddress('2a01:e0a::1'), 'FR'); // Free
  assert.equal(countryOfAddress('::ffff:8.8.8.8'), 'US');
});

test('loopback, private, reserved and malformed addresses are unknown', () => {
  for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.10', '172.20.1.1', '100.64.0.1', '169.254.1.1', 'fd00::1', 'fe80::1', '::ffff:192.168.0.10', '0.0.0.0', '', 'not-an-ip', '999.1.1.1']) {
    assert.equal(countryOfAddress(ip), undefined, ip);
  }
});
