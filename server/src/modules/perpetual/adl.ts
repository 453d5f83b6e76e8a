import { exposure, pnl } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import { Dec } from '../ledger/decimal.js';
import type { Tick } from '../market/feed/port.js';
import { notify } from '../notifications/service.js';
import type { TradingEngine } from '../trading/engine.js';
import { adlQueue, bankruptcyPrice } from './adl-rank.js';
import { alertBelowFloor, lockedFund } from './insurance.js';
import { settleClose, type CloseInput, type CloseSettlement } from './settlement.js';
import { markOf, POSITION_COLUMNS, type PositionRow } from './storage.js';

/** What an ADL fill adds to its evidence: why it happened and the price it was closed at. */
export interface AdlFill {
  price: string;
  evidence: { reason: 'adl'; bankruptcyPrice: string; liquidatedPositionId: string; markPrice: string };
}

/** A close's settlement with the fund's balance before it paid (null: the fund paid nothing, it was not read). */
export type CoveredSettlement = CloseSettlement & { fundBefore: string | null };

/**
 * Auto-deleveraging (server README, Insurance fund and auto-deleveraging). The insurance fund pays a bankrupt
 * position's shortfall only up to its balance; what it cannot cover is recovered by closing opposite positions of
 * the same symbol — highest `adlQueue` score first (P/L % × effective leverage), only positions in profit at the
 * bankruptcy price — at the bankrupt position's bankruptcy price, each for the part the uncovered loss needs, in the
 * liquidation's own transaction, through the ledger. `close` is the engine's close of a locked position.
 */
export function createAdl(deps: {
  engine: TradingEngine;
  log?: FastifyBaseLogger | undefined;
  close: (tx: Db, pos: PositionRow, quantity: string, tick: Tick, now: Date, key: string, at: AdlFill) => Promise<PositionRow>;
}) {
  /** settleClose with the fund capped at its (locked) balance when the close has a shortfall. */
  async function settle(tx: Db, input: CloseInput): Promise<CoveredSettlement> {
    const plain = settleClose(input);
    if (plain.shortfall.lte(0)) return { ...plain, fundBefore: null };
    const fundBefore = await lockedFund(tx, input.mode, input.userId);
    return { ...settleClose({ ...input, insurance: fundBefore }), fundBefore };
  }

  /**
   * After a close was booked: the alert when the fund fell below its floor, and ADL for what the fund could not
   * cover (never for an ADL close itself, which is in profit at its price and so leaves nothing uncovered).
   */
  async function afterClose(tx: Db, input: { position: PositionRow; quantity: string; kind: string; price: string; tick: Tick; settlement: CoveredSettlement; now: Date; key: string }): Promise<void> {
    const { position: pos, settlement, now } = input;
    if (settlement.fundBefore !== null) await alertBelowFloor(tx, { mode: pos.mode, before: settlement.fundBefore, positionId: pos.id, now, log: deps.log });
    if (input.kind === 'adl' || settlement.uncovered.lte(0)) return;
    const closed = exposure(input.quantity, pos.quoteRate);
    // what backed the loss: the loss less what the fund paid and what is left uncovered
    const backing = settlement.realisedPnl.negated().minus(settlement.shortfall).minus(settlement.uncovered);
    const bankruptcy = bankruptcyPrice(pos.side, pos.entryPrice, closed, backing.toFixed(), pos.priceDecimals);
    await tx.query('UPDATE perp_liquidations SET uncovered = $2, bankruptcy_price = $3 WHERE position_id = $1', [pos.id, settlement.uncovered.toFixed(), bankruptcy]);
    const left = await deleverage(tx, pos, bankruptcy, input, settlement.uncovered);
    if (left.gt(0)) deps.log?.warn({ positionId: pos.id, uncovered: left.toFixed() }, 'auto-deleveraging could not recover the whole loss; the broker account bears the rest');
  }

  /** Closes opposite positions at `bankruptcy` until `uncovered` is recovered; answers what is left. */
  async function deleverage(tx: Db, bankrupt: PositionRow, bankruptcy: string, at: { price: string; tick: Tick; now: Date; key: string }, uncovered: InstanceType<typeof Dec>) {
    // each unit of exposure closed at the bankruptcy price instead of the mark pays the broker this much less
    const gap = new Dec(bankruptcy).minus(at.price).abs();
    let left = uncovered;
    if (gap.lte(0)) return left;
    const amountDecimals = deps.engine.instruments.find(bankrupt.symbol)?.amountDecimals ?? 8;
    const { rows } = await tx.query<PositionRow>(
      `SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE symbol = $1 AND mode = $2 AND side = $3 AND status = 'open' AND user_id <> $4 ORDER BY id`,
      [bankrupt.symbol, bankrupt.mode, bankrupt.side === 'long' ? 'short' : 'long', bankrupt.userId],
    );
    const mark = markOf(at.tick, at.price);
    const queue = adlQueue(rows.map((row) => ({ id: row.id, side: row.side, quantity: exposure(row.quantity, row.quoteRate), entryPrice: row.entryPrice, margin: row.margin, mark })));
    for (const { candidate, score } of queue) {
      if (left.lte(0) || score === null || score.lte(0)) break;
      const pos = await lockOpen(tx, candidate.id);
      // closed at the bankruptcy price only while it keeps the position in profit (ADL never turns a gain into a loss)
      if (!pos || !pnl(pos.side, pos.entryPrice, bankruptcy, exposure(pos.quantity, pos.quoteRate)).gt(0)) continue;
      const needed = left.div(gap.times(pos.quoteRate)).toDecimalPlaces(amountDecimals, Dec.ROUND_UP);
      const quantity = Dec.min(needed, pos.quantity).toFixed();
      const evidence = { reason: 'adl' as const, bankruptcyPrice: bankruptcy, liquidatedPositionId: bankrupt.id, markPrice: at.price };
      await deps.close(tx, pos, quantity, at.tick, at.now, `${at.key}:adl:${pos.id}`, { price: bankruptcy, evidence });
      left = left.minus(gap.times(exposure(quantity, pos.quoteRate)));
      await notify(tx, {
        userId: pos.userId,
        kind: 'perp.adl',
        params: { symbol: pos.symbol, quantity, price: bankruptcy },
        title: 'Position auto-deleveraged',
        body: `${quantity} ${pos.symbol} of your ${pos.side} position was closed at ${bankruptcy} by auto-deleveraging: the insurance fund could not cover a bankrupt opposite position.`,
        ref: { type: 'perp_adl', id: `${pos.id}:${bankrupt.id}` },
      }, at.now);
    }
    return left;
  }

  async function lockOpen(tx: Db, id: string): Promise<PositionRow | undefined> {
    const { rows } = await tx.query<PositionRow>(`SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0]?.status === 'open' ? rows[0] : undefined;
  }

  return { settle, afterClose };
}
