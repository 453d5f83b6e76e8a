import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isOpen, tradingTime } from '../market/hours/calendar.js';

// The forex calendar (market/hours/calendar.ts, id FX) that forex/contract/create and checkTradingTime follow:
// Sunday 17:00 to Friday 17:00 New York time, full-day holidays closed. Times below are UTC.
const at = (iso: string) => Date.parse(iso);
const open = (iso: string) => isOpen('FX', at(iso));
const next = (iso: string) => {
  const t = tradingTime('FX', at(iso));
  return { open: t.open, nextOpen: t.nextOpen === null ? null : new Date(t.nextOpen).toISOString(), nextClose: t.nextClose === null ? null : new Date(t.nextClose).toISOString() };
};

test('Friday 17:00 New York to the millisecond, in winter (EST) and summer (EDT)', () => {
  assert.equal(open('2026-01-16T21:59:59.999Z'), true);
  assert.equal(open('2026-01-16T22:00:00.000Z'), false);
  assert.equal(open('2026-07-17T20:59:59.999Z'), true);
  assert.equal(open('2026-07-17T21:00:00.000Z'), false);
  assert.deepEqual(next('2026-01-16T21:59:59.999Z'), { open: true, nextOpen: '2026-01-18T22:00:00.000Z', nextClose: '2026-01-16T22:00:00.000Z' });
});

test('Sunday 16:59 is closed and 17:00 opens, the next close being Friday 17:00', () => {
  assert.equal(open('2026-01-18T21:59:00.000Z'), false);
  assert.equal(open('2026-01-18T21:59:59.999Z'), false);
  assert.equal(open('2026-01-18T22:00:00.000Z'), true);
  assert.deepEqual(next('2026-01-18T21:59:00.000Z'), { open: false, nextOpen: '2026-01-18T22:00:00.000Z', nextClose: '2026-01-23T22:00:00.000Z' });
  assert.equal(open('2026-01-17T12:00:00.000Z'), false, 'Saturday');
});

test('DST starts (Sunday 8 March 2026): the week closes Friday 22:00 UTC and reopens Sunday 21:00 UTC', () => {
  assert.equal(open('2026-03-06T21:59:59.999Z'), true);
  assert.equal(open('2026-03-06T22:00:00.000Z'), false);
  assert.deepEqual(next('2026-03-07T12:00:00.000Z'), { open: false, nextOpen: '2026-03-08T21:00:00.000Z', nextClose: '2026-03-13T21:00:00.000Z' });
  assert.equal(open('2026-03-08T20:59:59.999Z'), false);
  assert.equal(open('2026-03-08T21:00:00.000Z'), true);
  assert.equal(open('2026-03-09T06:30:00.000Z'), true, 'through the night of the change');
});

test('DST ends (Sunday 1 November 2026): the week closes Friday 21:00 UTC and reopens Sunday 22:00 UTC', () => {
  assert.equal(open('2026-10-30T20:59:59.999Z'), true);
  assert.equal(open('2026-10-30T21:00:00.000Z'), false);
  assert.deepEqual(next('2026-10-31T12:00:00.000Z'), { open: false, nextOpen: '2026-11-01T22:00:00.000Z', nextClose: '2026-11-06T22:00:00.000Z' });
  assert.equal(open('2026-11-01T21:59:59.999Z'), false);
  assert.equal(open('2026-11-01T22:00:00.000Z'), true);
});

test('holidays: Christmas 2026 and New Year 2027 (Fridays) close the week at Thursday midnight New York', () => {
  assert.equal(open('2026-12-25T04:59:59.999Z'), true, 'Thursday 24 December 23:59:59.999 EST');
  assert.equal(open('2026-12-25T05:00:00.000Z'), false, 'Friday 25 December 00:00 EST');
  assert.equal(open('2026-12-25T20:00:00.000Z'), false);
  assert.deepEqual(next('2026-12-25T12:00:00.000Z'), { open: false, nextOpen: '2026-12-27T22:00:00.000Z', nextClose: '2027-01-01T05:00:00.000Z' });
  assert.deepEqual(next('2026-12-30T12:00:00.000Z'), { open: true, nextOpen: '2027-01-03T22:00:00.000Z', nextClose: '2027-01-01T05:00:00.000Z' });
  assert.equal(open('2027-01-01T05:00:00.000Z'), false);
  assert.equal(open('2027-01-03T22:00:00.000Z'), true);
});
