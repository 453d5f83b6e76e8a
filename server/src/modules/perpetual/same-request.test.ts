import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AT_ONCE, assertReused, sameRequestAtOnce } from '../../testing/same-request.js';
import { perpetualHarness } from './test-support.js';

// A concurrent duplicate open used to end on UNIQUE(request_key) of perp_orders: an HTTP 500 instead of the first answer.
const h = perpetualHarness();

test(`open, close and reverse, each sent ${AT_ONCE} times at once: one order, one fill each, and each copy answered alike`, async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  const openBody = { symbol: 'BTCUSDT', side: 'long', type: 'market', quantity: '0.1', leverage: 10, requestId: 'burst-open-1' };
  const opened = await sameRequestAtOnce(() => user.post('contract/openPosition', openBody));
  assertReused(await user.post('contract/openPosition', { ...openBody, quantity: '0.2' }));
  // margin 500.01 and fee 5.0001, once
  assert.deepEqual([await user.available(), await user.frozen()], ['494.9899', '500.01']);
  const position = opened.data.position.id;

  const closeBody = { positionId: position, quantity: '0.05', requestId: 'burst-close-1' };
  await sameRequestAtOnce(() => user.post('contract/closePosition', closeBody));
  assertReused(await user.post('contract/closePosition', { ...closeBody, quantity: '0.04' }));

  const reverseBody = { positionId: position, requestId: 'burst-reverse-1' };
  const reversed = await sameRequestAtOnce(() => user.post('contract/reversePosition', reverseBody));
  assertReused(await user.post('contract/reversePosition', { ...reverseBody, positionId: String(Number(position) + 1000) }));
  assert.deepEqual([reversed.data.opened.side, reversed.data.opened.quantity], ['short', '0.05']);

  const { rows } = await h.db.query<{ kind: string; n: string }>('SELECT kind, count(*)::text AS n FROM perp_fills WHERE user_id = $1 GROUP BY kind ORDER BY kind', [user.uid]);
  assert.deepEqual(rows.map((r) => [r.kind, r.n]), [['close', '1'], ['open', '1'], ['reverse', '2']]);
  const orders = await h.db.query('SELECT 1 FROM perp_orders WHERE user_id = $1', [user.uid]);
  assert.equal(orders.rows.length, 2, 'the open and the reverse’s opening order');
});
