import type { Db } from '../../db/db.js';
import type { AuthUser } from '../identity/auth.js';
import { placeHold } from '../../platform-kit/product/holds.js';
import type { MarketService } from '../market/service.js';
import type { TradingEngine } from '../trading/engine.js';
import { contractPayload, stakeHold, tickPayload, type ContractRow } from './contract.js';
import type { SecondsProduct } from './products.js';
import { recordTick, type TickRecorder } from './recorder.js';
import type { ContractPush } from './settlement.js';
import { contractById, insertContract, nextContractId } from './storage.js';
import { requireCurrentTick, type OpenInput } from './terms.js';

/**
 * Places a purchase already checked against its product, in the caller's transaction: the feed's current tick
 * (refused when stale) recorded as the opening price, the product's terms frozen into the contract, expiry =
 * acceptance + duration, a receipt, and the stake held in escrow (a named hold).
 */
export async function placeContract(
  deps: { engine: TradingEngine; market: MarketService; recorder: TickRecorder; push: ContractPush },
  tx: Db,
  order: { user: AuthUser; symbol: string; product: SecondsProduct; input: OpenInput; requestKey: string },
  now: Date,
): Promise<ContractRow> {
  const { engine, market, recorder } = deps;
  const { user, symbol, product, input } = order;
  const tick = requireCurrentTick(engine.tick(symbol), symbol, now);
  // record from now on, before the contract exists, so no tick after acceptance can be missed
  recorder.watch(symbol);
  const opening = await recordTick(tx, tick, market.source(symbol), now);
  const expiresAt = new Date(now.getTime() + product.durationSeconds * 1000);
  const id = await nextContractId(tx);
  const holder = { id, userId: user.id, mode: user.mode, symbol, direction: input.direction, stake: input.stake };
  const receipt = await engine.appendReceipt(tx, {
    kind: 'seconds-open',
    chain: symbol,
    ref: `seconds:${id}`,
    payload: {
      ...contractPayload(holder),
      payoutRatio: product.payoutRatio, durationSeconds: product.durationSeconds, productId: product.id, productVersion: product.version,
      openedAt: now.toISOString(), expiresAt: expiresAt.toISOString(), openTick: tickPayload(opening),
    },
  });
  await insertContract(tx, {
    ...holder, productId: product.id, productVersion: product.version, durationSeconds: product.durationSeconds, payoutRatio: product.payoutRatio,
    openedAt: now, expiresAt, openTickId: opening.id, openPrice: opening.price, openReceiptSeq: receipt.seq, requestKey: order.requestKey,
  });
  // the stake waits in a named hold, under the ledger key purchases always had (the request's)
  await placeHold(tx, stakeHold(holder), now, { ledgerKey: order.requestKey });
  const row = (await contractById(tx, id))!;
  deps.push(tx, row, 'SECOND_CONTRACT_OPEN');
  return row;
}
