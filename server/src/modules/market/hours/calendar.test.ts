import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isOpen, sessionsBetween, tradingTime, zonedTime } from './calendar.js';

const at = (iso: string) => Date.parse(iso);

test('zonedTime follows New York DST: 9:30 is 14:30 UTC in winter, 13:30 UTC in summer', () => {
  assert.equal(new Date(zonedTime(2026, 3, 6, 570, 'America/New_York')).toISOString(), '2026-03-06T14:30:00.000Z');
  assert.equal(new Date(zonedTime(2026, 3, 9, 570, 'America/New_York')).toISOString(), '2026-03-09T13:30:00.000Z');
  assert.equal(new Date(zonedTime(2026, 11, 2, 570, 'America/New_York')).toISOString(), '2026-11-02T14:30:00.000Z');
});

test('crypto is always open', () => {
  assert.equal(isOpen('ALWAYS', at('2026-11-22T03:00:00Z')), true);
  assert.deepEqual(tradingTime('ALWAYS', at('2026-11-22T03:00:00Z')), { open: true, nextOpen: null, nextClose: null });
});

test('US session edges in New York time, before and after the March DST change', () => {
  // Friday 6 March 2026 (EST, UTC-5): 9:30-16:00 = 14:30-21:00 UTC.
  assert.equal(isOpen('US', at('2026-03-06T14:29:59Z')), false);
  assert.equal(isOpen('US', at('2026-03-06T14:30:00Z')), true);
  assert.equal(isOpen('US', at('2026-03-06T20:59:59Z')), true);
  assert.equal(isOpen('US', at('2026-03-06T21:00:00Z')), false);
  // Monday 9 March 2026 (EDT, UTC-4): 13:30-20:00 UTC.
  assert.equal(isOpen('US', at('2026-03-09T13:29:59Z')), false);
  assert.equal(isOpen('US', at('2026-03-09T13:30:00Z')), true);
  assert.equal(isOpen('US', at('2026-03-09T19:59:59Z')), true);
  assert.equal(isOpen('US', at('2026-03-09T20:00:00Z')), false);
});

test('weekends are closed; Friday close gives Monday open as nextOpen', () => {
  assert.equal(isOpen('US', at('2026-03-07T15:00:00Z')), false);
  assert.equal(isOpen('TSE', at('2026-03-08T01:00:00Z')), false);
  const time = tradingTime('US', at('2026-03-07T15:00:00Z'));
  assert.deepEqual(time, { open: false, nextOpen: at('2026-03-09T13:30:00Z'), nextClose: at('2026-03-09T20:00:00Z') });
  const open = tradingTime('US', at('2026-03-09T15:00:00Z'));
  assert.deepEqual(open, { open: true, nextOpen: at('2026-03-10T13:30:00Z'), nextClose: at('2026-03-09T20:00:00Z') });
});

test('holidays are closed (Thanksgiving 2026) and skipped by nextOpen', () => {
  assert.equal(isOpen('US', at('2026-11-26T16:00:00Z')), false);
  assert.equal(isOpen('US', at('2026-11-25T16:00:00Z')), true);
  assert.equal(tradingTime('US', at('2026-11-25T22:00:00Z')).nextOpen, at('2026-11-27T14:30:00Z'));
});

test('Tokyo: 9:00-11:30 and 12:30-15:30 JST (UTC+9), lunch break closed', () => {
  // Tuesday 10 March 2026.
  assert.equal(isOpen('TSE', at('2026-03-09T23:59:59Z')), false);
  assert.equal(isOpen('TSE', at('2026-03-10T00:00:00Z')), true); // 09:00
  assert.equal(isOpen('TSE', at('2026-03-10T02:29:59Z')), true); // 11:29:59
  assert.equal(isOpen('TSE', at('2026-03-10T02:30:00Z')), false); // 11:30 lunch
  assert.equal(isOpen('TSE', at('2026-03-10T03:29:59Z')), false);
  assert.equal(isOpen('TSE', at('2026-03-10T03:30:00Z')), true); // 12:30
  assert.equal(isOpen('TSE', at('2026-03-10T06:30:00Z')), false); // 15:30
  assert.deepEqual(tradingTime('TSE', at('2026-03-10T02:45:00Z')), {
    open: false,
    nextOpen: at('2026-03-10T03:30:00Z'),
    nextClose: at('2026-03-10T06:30:00Z'),
  });
});

test('forex opens Sunday 17:00 New York and closes Friday 17:00, one continuous session', () => {
  // Summer (EDT): Sunday 14 June 2026 17:00 = 21:00 UTC.
  assert.equal(isOpen('FX', at('2026-06-14T20:59:59Z')), false);
  assert.equal(isOpen('FX', at('2026-06-14T21:00:00Z')), true);
  assert.equal(isOpen('FX', at('2026-06-17T04:00:00Z')), true); // Wednesday midnight NY
  assert.equal(isOpen('FX', at('2026-06-19T20:59:59Z')), true);
  assert.equal(isOpen('FX', at('2026-06-19T21:00:00Z')), false);
  // Winter (EST): Sunday 18 January 2026 17:00 = 22:00 UTC.
  assert.equal(isOpen('FX', at('2026-01-18T21:59:59Z')), false);
  assert.equal(isOpen('FX', at('2026-01-18T22:00:00Z')), true);
  assert.deepEqual(tradingTime('FX', at('2026-06-13T12:00:00Z')), {
    open: false,
    nextOpen: at('2026-06-14T21:00:00Z'),
    nextClose: at('2026-06-19T21:00:00Z'),
  });
  const week = sessionsBetween('FX', at('2026-06-15T00:00:00Z'), at('2026-06-18T00:00:00Z'));
  assert.equal(week.length, 1, 'the week is one merged session');
});
