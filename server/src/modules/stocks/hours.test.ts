import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sessionDays, venueSession } from './hours.js';
import { VENUES } from './venue.js';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null | undefined) => (ms == null ? ms : new Date(ms).toISOString());

function session(symbol: string, when: string) {
  const s = venueSession(symbol, at(when))!;
  return { open: s.open, nextOpen: iso(s.nextOpen), nextClose: iso(s.nextClose) };
}

test('TSE morning and afternoon sessions and the lunch break, Tokyo time (UTC+9, no DST)', () => {
  // Monday 9 March 2026: 9:00-11:30 and 12:30-15:30 Tokyo = 00:00-02:30 and 03:30-06:30 UTC.
  assert.deepEqual(session('7203:TSE', '2026-03-08T23:59:59Z'), { open: false, nextOpen: '2026-03-09T00:00:00.000Z', nextClose: '2026-03-09T02:30:00.000Z' });
  assert.deepEqual(session('7203:TSE', '2026-03-09T00:00:00Z'), { open: true, nextOpen: '2026-03-09T03:30:00.000Z', nextClose: '2026-03-09T02:30:00.000Z' });
  assert.equal(session('7203:TSE', '2026-03-09T02:29:59Z').open, true);
  assert.deepEqual(session('7203:TSE', '2026-03-09T02:30:00Z'), { open: false, nextOpen: '2026-03-09T03:30:00.000Z', nextClose: '2026-03-09T06:30:00.000Z' });
  assert.equal(session('7203:TSE', '2026-03-09T03:29:59Z').open, false, 'lunch break');
  assert.equal(session('7203:TSE', '2026-03-09T03:30:00Z').open, true);
  assert.equal(session('7203:TSE', '2026-03-09T06:29:59Z').open, true);
  assert.deepEqual(session('7203:TSE', '2026-03-09T06:30:00Z'), { open: false, nextOpen: '2026-03-10T00:00:00.000Z', nextClose: '2026-03-10T02:30:00.000Z' });
});

test('TSE weekend and holiday: closed, the next opening is the next trading morning', () => {
  // Saturday 7 March 2026 at noon in Tokyo.
  assert.deepEqual(session('6758:TSE', '2026-03-07T03:00:00Z'), { open: false, nextOpen: '2026-03-09T00:00:00.000Z', nextClose: '2026-03-09T02:30:00.000Z' });
  // Friday 20 March 2026, Vernal Equinox Day (a TSE holiday), 10:00 Tokyo: next opening Monday 23 March.
  assert.deepEqual(session('6758:TSE', '2026-03-20T01:00:00Z'), { open: false, nextOpen: '2026-03-23T00:00:00.000Z', nextClose: '2026-03-23T02:30:00.000Z' });
});

test('US 9:30-16:00 New York across the March DST change, a weekend and a holiday', () => {
  // Friday 6 March 2026 (EST, UTC-5): 14:30-21:00 UTC.
  assert.equal(session('AAPL:NASDAQ', '2026-03-06T14:29:59Z').open, false);
  assert.deepEqual(session('AAPL:NASDAQ', '2026-03-06T14:30:00Z'), { open: true, nextOpen: '2026-03-09T13:30:00.000Z', nextClose: '2026-03-06T21:00:00.000Z' });
  assert.equal(session('AAPL:NASDAQ', '2026-03-06T20:59:59Z').open, true);
  // Closed from Friday's close through the weekend; Monday 9 March opens at 9:30 EDT = 13:30 UTC (one hour earlier in UTC).
  assert.deepEqual(session('KO:NYSE', '2026-03-06T21:00:00Z'), { open: false, nextOpen: '2026-03-09T13:30:00.000Z', nextClose: '2026-03-09T20:00:00.000Z' });
  assert.deepEqual(session('KO:NYSE', '2026-03-08T12:00:00Z'), { open: false, nextOpen: '2026-03-09T13:30:00.000Z', nextClose: '2026-03-09T20:00:00.000Z' });
  assert.equal(session('SPY:AMEX', '2026-03-09T13:29:59Z').open, false);
  assert.equal(session('SPY:AMEX', '2026-03-09T13:30:00Z').open, true);
  assert.equal(session('SPY:AMEX', '2026-03-09T19:59:59Z').open, true);
  assert.equal(session('SPY:AMEX', '2026-03-09T20:00:00Z').open, false);
  // Good Friday, 3 April 2026: closed all day, next opening Monday 6 April 9:30 EDT.
  assert.deepEqual(session('AAPL:NASDAQ', '2026-04-03T15:00:00Z'), { open: false, nextOpen: '2026-04-06T13:30:00.000Z', nextClose: '2026-04-06T20:00:00.000Z' });
});

test('a symbol on no stock venue has no venue session', () => {
  assert.equal(venueSession('BTCUSDT', at('2026-03-09T15:00:00Z')), undefined);
  assert.equal(venueSession('SPX500', at('2026-03-09T15:00:00Z')), undefined);
});

test('the latest trading day and the previous one (its close is the previous close)', () => {
  // Tuesday 10 March 2026, 8:00 New York (before the opening): the latest day is still Monday, previous Friday.
  const pre = sessionDays(VENUES.US, at('2026-03-10T12:00:00Z'));
  assert.deepEqual([pre.latest?.date, pre.previous?.date, iso(pre.previous?.close)], ['2026-03-09', '2026-03-06', '2026-03-06T21:00:00.000Z']);
  // Monday 23 March 2026, 10:00 Tokyo, after the Friday holiday: previous day Thursday 19 March, closed 15:30 Tokyo.
  const tse = sessionDays(VENUES.TSE, at('2026-03-23T01:00:00Z'));
  assert.deepEqual([tse.latest?.date, tse.previous?.date, iso(tse.previous?.close)], ['2026-03-23', '2026-03-19', '2026-03-19T06:30:00.000Z']);
  assert.equal(tse.latest?.sessions.length, 2, 'both halves of the Tokyo day');
  assert.equal(iso(tse.latest?.close), '2026-03-23T06:30:00.000Z');
  // In the lunch break the latest day is today's (its morning began).
  assert.equal(sessionDays(VENUES.TSE, at('2026-03-23T03:00:00Z')).latest?.date, '2026-03-23');
});
