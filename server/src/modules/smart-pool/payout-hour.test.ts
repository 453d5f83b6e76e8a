import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dailyHours, nextLocalHour } from './payout-hour.js';
import { incomeDates, SEED_MINERS } from './terms.js';

test('4 a.m. is local to the configured zone, 24 hours after purchase at the earliest', () => {
  const terms = { ...SEED_MINERS[0]!.terms, cycleDays: 3 };
  // bought 03:59 UTC: 24 h later is 03:59 the next day, so the first income is 04:00 that day
  assert.deepEqual(incomeDates(terms, new Date('2026-03-01T03:59:00Z')).map((d) => d.toISOString()), ['2026-03-02T04:00:00.000Z', '2026-03-03T04:00:00.000Z', '2026-03-04T04:00:00.000Z']);
  // bought exactly at 04:00: 24 h later is 04:00, paid then
  assert.equal(incomeDates(terms, new Date('2026-03-01T04:00:00Z'))[0]!.toISOString(), '2026-03-02T04:00:00.000Z');
  // 04:01: the day after next
  assert.equal(incomeDates(terms, new Date('2026-03-01T04:01:00Z'))[0]!.toISOString(), '2026-03-03T04:00:00.000Z');
  // Shanghai (UTC+8): 04:00 local is 20:00 UTC the day before
  assert.equal(incomeDates({ ...terms, timeZone: 'Asia/Shanghai' }, new Date('2026-03-01T09:00:00Z'))[0]!.toISOString(), '2026-03-02T20:00:00.000Z');
});

test('across a daylight-saving change each payout stays at 04:00 local', () => {
  // New York moves to summer time on 2026-03-08 (02:00 → 03:00)
  const hours = dailyHours(new Date('2026-03-07T00:00:00Z'), 3, 4, 'America/New_York').map((d) => d.toISOString());
  assert.deepEqual(hours, ['2026-03-07T09:00:00.000Z', '2026-03-08T08:00:00.000Z', '2026-03-09T08:00:00.000Z']);
  assert.equal(nextLocalHour(new Date('2026-03-07T09:00:00Z'), 4, 'America/New_York').toISOString(), '2026-03-07T09:00:00.000Z');
});
