import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testApp } from '../../testing/app.js';
import { testDb } from '../../testing/test-db.js';
import { call } from '../identity/test-support.js';

test('MERIDIAN_TEST_CLOCK reaches the rules: on a Saturday the forex market is closed and names Sunday 17:00 New York as the next open', async () => {
  const { db, cleanup } = await testDb();
  const app = await testApp({ testClockStart: Date.parse('2026-01-17T12:00:00Z') }, { db, jobs: false });
  try {
    const time = await call(app, 'GET', 'forex/contract/checkTradingTime?symbol=AUDCAD');
    assert.deepEqual([time.data.open, new Date(time.data.nextOpen).toISOString()], [false, '2026-01-18T22:00:00.000Z']);
    assert.equal((await call(app, 'GET', 'forex/contract/checkTradingTime?symbol=AUDCAD&enforce=1')).msg, 'Out of trading time');
    const quote = await call(app, 'GET', '/api/market/initForestData');
    assert.equal(quote.data.quote.marketOpen, false);
  } finally {
    await app.close();
    await cleanup();
  }
});
