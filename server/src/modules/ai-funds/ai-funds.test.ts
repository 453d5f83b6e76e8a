import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../../db/db.js';
import { AppError } from '../../http/envelope.js';
import { manualClock } from '../../platform-kit/product/test-support.js';
import { reserveAccount } from '../../platform-kit/product/reserves.js';
import { testDb } from '../../testing/test-db.js';
import { available, verify } from '../ledger/ledger.js';
import { createAiFunds, unitsAsset } from './service.js';
import { AI_FUND, type AiFundTerms } from './terms.js';
import { bar, instruments, ops, spotUser } from './test-support.js';
import { latestValue, valueAllFunds } from './values.js';

const EQ: AiFundTerms = {
  name: 'Test Pair',
  strategy: 'equal-weight',
  symbols: ['AAPL:NASDAQ', 'MSFT:NASDAQ'],
  rebalanceEveryDays: 7,
  initialValue: '100',
  shareDecimals: 2,
  minShares: '1',
  maxGainRate: '0.5',
  historyDays: 30,
};

const reason = async (work: Promise<unknown>) => {
  const error = await work.then(() => undefined, (e: unknown) => e);
  assert.ok(error instanceof AppError, `expected a refusal, got ${String(error)}`);
  return error.reason;
};

describe('AI funds: value from recorded prices, buy and redeem at value, coverage', () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  const time = manualClock('2026-03-02T15:00:00Z');
  let funds: ReturnType<typeof createAiFunds>;
  before(async () => {
    ({ db, cleanup } = await testDb());
    await instruments(db, ['AAPL:NASDAQ', 'MSFT:NASDAQ', 'BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
    await ops(db, ['ai-fund:publish', 'test-eq', '-'], time.clock(), JSON.stringify(EQ));
    funds = createAiFunds({ db, clock: time.clock });
  });
  after(async () => {
    assert.deepEqual((await verify(db)).problems, []);
    await cleanup();
  });

  test('no recorded price: no value row, the list says so, a buy is refused and nothing moves', async () => {
    assert.equal(await valueAllFunds(db, time.clock()), 0);
    const [fund] = await funds.list();
    assert.equal(fund!.valuePerShare, null);
    const user = await spotUser(db, 'noprice', '1000', time.clock());
    assert.equal(await reason(funds.buy(user, { fundId: 'test-eq', shares: '1', requestId: 'noprice-1' })), 'aiFundNotValued');
    assert.equal(await available(db, { holder: user.id, mode: 'real', wallet: 'spot', asset: 'USDT' }), '1000');
  });

  test('inception and marks: value = units × recorded prices, each row keeps the prices and their times', async () => {
    await bar(db, 'AAPL:NASDAQ', '2026-03-02T14:59:00Z', '200');
    await bar(db, 'MSFT:NASDAQ', '2026-03-02T14:58:00Z', '400');
    assert.equal(await valueAllFunds(db, time.clock()), 1);
    const inception = (await latestValue(db, 'test-eq'))!;
    // 100 split in two: 50 / 200 = 0.25 AAPL, 50 / 400 = 0.125 MSFT
    assert.equal(inception.kind, 'inception');
    assert.deepEqual(inception.rebalancedTo, { 'AAPL:NASDAQ': '0.25', 'MSFT:NASDAQ': '0.125' });
    assert.equal(inception.valuePerShare, '100');
    assert.deepEqual(
      inception.prices.map((p) => [p.symbol, p.price, p.time, p.interval]),
      [['AAPL:NASDAQ', '200', '2026-03-02T14:59:00.000Z', '1m'], ['MSFT:NASDAQ', '400', '2026-03-02T14:58:00.000Z', '1m']],
    );
    time.advance(30 * 60_000);
    await bar(db, 'AAPL:NASDAQ', '2026-03-02T15:29:00Z', '210');
    await bar(db, 'MSFT:NASDAQ', '2026-03-02T15:29:00Z', '420.4');
    await valueAllFunds(db, time.clock());
    const mark = (await latestValue(db, 'test-eq'))!;
    // 0.25 × 210 + 0.125 × 420.4 = 52.5 + 52.55
    assert.deepEqual([mark.kind, mark.valuePerShare, mark.rebalancedTo], ['mark', '105.05', null]);
    await assert.rejects(db.query(`UPDATE ai_fund_values SET value_per_share = 1`), /append-only/);
    await assert.rejects(db.query(`DELETE FROM ai_fund_values`), /append-only/);
  });

  test('buy at the value now, paid from spot USDT into the reserve; units in the ledger; coverage refuses productSoldOut', async () => {
    const user = await spotUser(db, 'buyer', '1000', time.clock());
    // nothing funds the reserve yet: 3 × 105.05 = 315.15 paid in, but the cap is 315.15 × 1.5 = 472.725
    assert.equal(await reason(funds.buy(user, { fundId: 'test-eq', shares: '3', requestId: 'buy-soldout' })), 'productSoldOut');
    assert.equal(await available(db, { holder: user.id, mode: 'real', wallet: 'spot', asset: 'USDT' }), '1000');
    await ops(db, ['reserve:fund', AI_FUND, '157.575', '--request', 'fund-1'], time.clock());
    const bought = await funds.buy(user, { fundId: 'test-eq', shares: '3', requestId: 'buy-1' });
    assert.deepEqual([bought.shares, bought.buyValue, bought.cost, bought.redeemCap, bought.status], ['3', '105.05', '315.15', '472.725', 'holding']);
    assert.equal(await available(db, { holder: user.id, mode: 'real', wallet: 'spot', asset: 'USDT' }), '684.85');
    assert.equal(await available(db, { holder: user.id, mode: 'real', wallet: 'aiFund' as never, asset: unitsAsset('test-eq') }), '3');
    assert.equal(await available(db, reserveAccount(AI_FUND, 'real', 'USDT')), '472.725');
    // the reserve backs exactly the open caps: one more share is refused and moves nothing
    assert.equal(await reason(funds.buy(user, { fundId: 'test-eq', shares: '1', requestId: 'buy-2' })), 'productSoldOut');
    assert.equal(await available(db, { holder: user.id, mode: 'real', wallet: 'spot', asset: 'USDT' }), '684.85');
    // refusals of the amount
    await ops(db, ['reserve:fund', AI_FUND, '10000', '--request', 'fund-2'], time.clock());
    assert.equal(await reason(funds.buy(user, { fundId: 'test-eq', shares: '0.5', requestId: 'buy-min' })), 'aiFundBelowMinimum');
    assert.equal(await reason(funds.buy(user, { fundId: 'test-eq', shares: '1.001', requestId: 'buy-dec' })), 'aiFundShareDecimals');
    assert.equal(await reason(funds.buy(user, { fundId: 'test-eq', shares: '7', requestId: 'buy-big' })), 'insufficientBalance');
    assert.equal(await reason(funds.buy(user, { fundId: 'nope', shares: '1', requestId: 'buy-none' })), 'aiFundNotFound');
    // an amount buys the whole shares (2 decimals) it pays for: 250 / 105.05 = 2.3798… → 2.37
    const byAmount = await funds.buy(user, { fundId: 'test-eq', amount: '250', requestId: 'buy-amount' });
    assert.deepEqual([byAmount.shares, byAmount.cost], ['2.37', '248.9685']);
    const info = await funds.info(user);
    assert.deepEqual([info.positions, info.cost, info.value, info.pnl], [2, '564.1185', '564.1185', '0']);
  });

  test('redeem at the then-current value, from the reserve; the cap limits a gain; a second redemption is refused', async () => {
    const user = await spotUser(db, 'redeemer', '1000', time.clock());
    const position = await funds.buy(user, { fundId: 'test-eq', shares: '2', requestId: 'r-buy-1' });
    time.advance(60 * 60_000);
    await bar(db, 'AAPL:NASDAQ', '2026-03-02T16:29:00Z', '220');
    await bar(db, 'MSFT:NASDAQ', '2026-03-02T16:29:00Z', '440');
    // 0.25 × 220 + 0.125 × 440 = 110
    const [held] = await funds.positions(user);
    assert.deepEqual([held!.valuePerShare, held!.marketValue, held!.pnl], ['105.05', '210.1', '0']);
    const redeemed = await funds.redeem(user, { positionId: position.id, requestId: 'r-redeem-1' });
    assert.deepEqual([redeemed.status, redeemed.redeemValue, redeemed.proceeds, redeemed.pnl], ['redeemed', '110', '220', '9.9']);
    assert.equal(await available(db, { holder: user.id, mode: 'real', wallet: 'spot', asset: 'USDT' }), '1009.9');
    assert.equal(await available(db, { holder: user.id, mode: 'real', wallet: 'aiFund' as never, asset: unitsAsset('test-eq') }), '0');
    assert.equal(await reason(funds.redeem(user, { positionId: position.id, requestId: 'r-redeem-2' })), 'aiFundRedeemed');
    const other = await spotUser(db, 'stranger', '0', time.clock());
    assert.equal(await reason(funds.redeem(other, { positionId: position.id, requestId: 'r-redeem-3' })), 'aiFundPositionNotFound');
    // a doubling: 1 share bought at 110 (cap 110 × 1.5 = 165) is redeemed at the cap, not at 220
    const capped = await funds.buy(user, { fundId: 'test-eq', shares: '1', requestId: 'r-buy-2' });
    time.advance(60_000);
    await bar(db, 'AAPL:NASDAQ', '2026-03-02T16:30:00Z', '440');
    await bar(db, 'MSFT:NASDAQ', '2026-03-02T16:30:00Z', '880');
    const paid = await funds.redeem(user, { positionId: capped.id, requestId: 'r-redeem-4' });
    assert.deepEqual([paid.redeemValue, paid.proceeds, paid.pnl], ['220', '165', '55']);
    const history = await funds.history(user);
    assert.deepEqual(history.map((h) => [h.status, h.shares]), [['redeemed', '1'], ['redeemed', '2']]);
    assert.deepEqual((await verify(db)).problems, []);
  });

  test('the guards: a position at another value, or changed after the fact, is refused by the store', async () => {
    const user = await spotUser(db, 'guard', '0', time.clock());
    const value = (await latestValue(db, 'test-eq'))!;
    const { rows } = await db.query<{ id: string }>('SELECT id FROM product_terms WHERE product_kind = $1 LIMIT 1', [AI_FUND]);
    const insert = (buyValue: string) =>
      db.query(
        `INSERT INTO ai_fund_positions (user_id, mode, fund_id, shares, buy_value_id, buy_value, cost, redeem_cap, terms_version_id, terms, request_key, bought_at)
         VALUES ($1, 'real', 'test-eq', 1, $2, $3::numeric, $3::numeric, $3::numeric, $4, '{}'::jsonb, 'guard-' || $3::text, now())`,
        [user.id, value.id, buyValue, rows[0]!.id],
      );
    await assert.rejects(insert('1'), /at its value row's value/);
    await assert.rejects(db.query(`UPDATE ai_fund_positions SET shares = shares * 2`), /only holding → redeemed/);
    await assert.rejects(db.query(`DELETE FROM ai_fund_positions`), /never deleted/);
  });

  test('rebalance: on schedule, from the value then, to equal weights again', async () => {
    time.advance(7 * 86_400_000);
    await bar(db, 'AAPL:NASDAQ', '2026-03-09T16:00:00Z', '500');
    await bar(db, 'MSFT:NASDAQ', '2026-03-09T16:00:00Z', '800');
    await valueAllFunds(db, time.clock());
    const row = (await latestValue(db, 'test-eq'))!;
    // 0.25 × 500 + 0.125 × 800 = 225, then 112.5 each: 0.225 AAPL, 0.140625 MSFT
    assert.deepEqual([row.kind, row.valuePerShare, row.rebalancedTo], ['rebalance', '225', { 'AAPL:NASDAQ': '0.225', 'MSFT:NASDAQ': '0.140625' }]);
    const [fund] = await funds.list();
    assert.equal(fund!.valuePerShare, '225');
    // the historical rate: the first row (100) to the last (225), its period since inception
    assert.equal(fund!.expectedRate, '1.25');
    assert.equal(fund!.expectedRatePeriod!.from, '2026-03-02T15:00:00.000Z');
    assert.ok(fund!.history.length >= 2 && fund!.history.at(-1)!.value === '225');
  });

  test('momentum: the top by return over the lookback, equal-weighted, the ranking prices recorded', async () => {
    const terms: AiFundTerms = { ...EQ, name: 'Test Momentum', strategy: 'momentum', symbols: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'], top: 2, lookbackDays: 84, initialValue: '10', shareDecimals: 4 };
    await ops(db, ['ai-fund:publish', 'test-mom', '-'], time.clock(), JSON.stringify(terms));
    const lookback = new Date(time.clock().getTime() - 84 * 86_400_000).toISOString().slice(0, 10);
    for (const [symbol, then, now] of [['BTCUSDT', '50000', '60000'], ['ETHUSDT', '2000', '3000'], ['SOLUSDT', '100', '110']] as const) {
      await bar(db, symbol, `${lookback}T00:00:00Z`, then, '1d');
      await bar(db, symbol, '2026-03-09T14:59:00Z', now);
    }
    await valueAllFunds(db, time.clock());
    const row = (await latestValue(db, 'test-mom'))!;
    // ETH ×1.5 and BTC ×1.2 beat SOL ×1.1: 5 / 3000 and 5 / 60000 to 12 decimals, rounded down
    assert.deepEqual(row.rebalancedTo, { ETHUSDT: '0.001666666666', BTCUSDT: '0.000083333333' });
    // 0.001666666666 × 3000 + 0.000083333333 × 60000 = 4.999999998 + 4.99999998 = 9.999999978 → 9.99999997
    assert.equal(row.valuePerShare, '9.99999997');
    assert.deepEqual(row.prices.filter((p) => p.role === 'lookback').map((p) => [p.symbol, p.price, p.interval]), [['BTCUSDT', '50000', '1d'], ['ETHUSDT', '2000', '1d'], ['SOLUSDT', '100', '1d']]);
  });

  test('demo: the same product on the demo ledger, with its own reserve', async () => {
    const user = await spotUser(db, 'demo', '500', time.clock(), 'demo');
    assert.equal(await reason(funds.buy(user, { fundId: 'test-eq', shares: '1', requestId: 'demo-1' })), 'productSoldOut');
    await ops(db, ['reserve:fund', AI_FUND, '1000', '--mode', 'demo', '--request', 'demo-fund'], time.clock());
    const bought = await funds.buy(user, { fundId: 'test-eq', shares: '1', requestId: 'demo-1' });
    assert.equal(bought.cost, '225');
    assert.equal(await available(db, { holder: user.id, mode: 'demo', wallet: 'spot', asset: 'USDT' }), '275');
    assert.deepEqual(await funds.positions({ ...user, mode: 'real' }), []);
    await funds.redeem(user, { positionId: bought.id, requestId: 'demo-2' });
    assert.equal(await available(db, { holder: user.id, mode: 'demo', wallet: 'spot', asset: 'USDT' }), '500');
  });
});
