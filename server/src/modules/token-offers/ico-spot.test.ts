import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCommand } from '../../ops/all-commands.js';
import { call, manualClock } from '../identity/test-support.js';
import { spotFixture } from '../trading/spot-fixture.js';
import { drawDue, distributeDue } from './settle.js';

const MIN = 60_000;
const time = manualClock();
// the offering is published before the app (re)starts, as it would be on a running platform restarted since:
// the market catalogue and the trading terms load the offering's ICO instrument at start
const h = spotFixture(time.clock, {
  prepare: async (db) => {
    await runCommand(['offer:publish', 'lumo-sale', 'LUMO', '--name', 'Lumo', '--price', '0.5', '--supply', '1000', '--lot', '10', '--min', '10', '--max', '500',
      '--open', '+1m', '--close', '+2m', '--draw', '+3m', '--list', '+4m'], { operator: 'ops-ico', db: async () => db, print: () => {}, clock: time.clock });
  },
});

test('an offering’s token is delivered to the spot wallet and trades through contract-spot/create-ico without depth', async () => {
  const user = await h.spotTrader({ usdt: '1000' });
  const offer = (await call(h.app, 'GET', 'cryptoIpo/upcoming', { token: user.token })).data[0];
  assert.equal(offer.symbol, 'LUMOUSDT');
  time.advance(MIN);
  assert.equal((await user.post('cryptoIpo/subscribe', { id: offer.id, quantity: '100', requestId: h.rid() })).code, 0);
  time.advance(3 * MIN);
  await h.db.transaction((tx) => drawDue(tx, time.clock()));
  await h.db.transaction((tx) => distributeDue(tx, time.clock()));
  assert.equal(await user.balance('LUMO'), '100');
  const config = (await call(h.app, 'GET', 'contract/config?symbol=LUMOUSDT')).data.instruments[0];
  assert.deepEqual([config.isIco, config.perpetualEnabled], [1, false]);
  // create-ico fills at the last price with no book
  h.feed.set('LUMOUSDT', { bid: '0.59', ask: '0.61', last: '0.6', bids: [], asks: [] });
  const sold = await user.post('contract-spot/create-ico', { symbol: 'LUMOUSDT', side: 'sell', type: 'market', quantity: '40', requestId: h.rid() });
  assert.equal(sold.code, 0, sold.msg);
  assert.equal(sold.data.fills[0].evidence.last, '0.6');
  assert.equal(await user.balance('LUMO'), '60');
});
