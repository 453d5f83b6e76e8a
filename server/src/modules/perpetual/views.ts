import { exposure, maintenanceMargin, marginRatio, notional, pnl, pnlPercent, type DataOf, type perpetual } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import { Dec } from '../ledger/decimal.js';
import { available } from '../ledger/ledger.js';
import type { Tick } from '../market/feed/port.js';
import type { TradingEngine } from '../trading/engine.js';
import { adlBuckets } from './adl-rank.js';
import { crossLegOf, crossLiquidationPrices } from './liquidation-price.js';
import { indexOf, markOf, ORDER_COLUMNS, POSITION_COLUMNS, type OrderRow, type PositionRow } from './storage.js';

/**
 * A position as the contract's Position: live figures at the current mark (an open one), final ones (closed).
 * `liquidationPrice`: the price as of now when the caller computed it (cross positions), else the stored one.
 */
export function positionView(row: PositionRow, tick: Tick | undefined, crossAvailable = '0', liquidationPrice = row.liquidationPrice) {
  const open = row.status === 'open';
  const mark = markOf(tick, row.closePrice ?? row.entryPrice);
  const quantity = open ? row.quantity : row.closedQuantity;
  const unrealised = open ? pnl(row.side, row.entryPrice, mark, exposure(row.quantity, row.quoteRate)) : new Dec(0);
  const maintenance = open ? maintenanceMargin(notional(mark, exposure(row.quantity, row.quoteRate)), row.tiers) : new Dec(0);
  const equity = new Dec(row.margin).plus(unrealised).plus(row.marginMode === 'cross' ? crossAvailable : 0);
  const realised = new Dec(row.tradePnl).minus(row.fees).plus(row.funding);
  return {
    id: row.id,
    symbol: row.symbol,
    side: row.side,
    quantity,
    entryPrice: row.entryPrice,
    markPrice: mark,
    indexPrice: indexOf(tick, mark),
    liquidationPrice: open ? liquidationPrice : null,
    leverage: row.leverage,
    margin: row.margin,
    marginMode: row.marginMode,
    marginRatio: open ? marginRatio(maintenance, equity).toFixed() : '0',
    maintenanceMargin: maintenance.toFixed(),
    totalValue: notional(mark, exposure(quantity, row.quoteRate)).toFixed(),
    unrealisedPnl: unrealised.toFixed(),
    realisedPnl: realised.toFixed(),
    pnlPercent: (open ? pnlPercent(unrealised, row.margin) : pnlPercent(realised, row.peakMargin)).toFixed(),
    takeProfit: row.takeProfit,
    stopLoss: row.stopLoss,
    parentOrderId: row.parentOrderId,
    status: row.status,
    closeType: row.closeType,
    closePrice: row.closePrice,
    closeTime: row.closedAt,
    openedAt: row.openedAt,
    takerFeeRate: row.takerFeeRate,
  };
}

/**
 * An order as the contract's Order entity. Its averagePrice is its own fills' average (donePrice), never the entry
 * of the position it merged into (which averages in earlier fills); before any fill, its limit price.
 */
export function orderView(row: OrderRow) {
  const basis = row.donePrice ?? row.price ?? '0';
  return {
    id: row.id,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    status: row.status,
    quantity: row.quantity,
    amount: row.amount,
    price: row.price,
    doneQuantity: row.doneQuantity,
    donePrice: row.donePrice ?? '0',
    averagePrice: basis,
    marketValue: notional(basis, exposure(row.quantity, row.quoteRate)).toFixed(),
    fee: row.fee,
    leverage: row.leverage,
    marginMode: row.marginMode,
    margin: row.margin,
    takeProfit: row.takeProfit,
    stopLoss: row.stopLoss,
    positionId: row.positionId,
    createdAt: row.createdAt,
    doneAt: row.doneAt,
    // a waiting trailing stop's trigger as the trigger book moved it; else the stop price (as triggered)
    triggerPrice: row.liveTrigger ?? row.triggerPrice,
    triggerSource: row.triggerSource,
    callbackRate: row.callbackRate,
    trailingPeak: row.trailingPeak,
    timeInForce: row.timeInForce,
    postOnly: row.postOnly,
    reduceOnly: row.reduceOnly,
    triggeredAt: row.triggeredAt,
    childOrderId: row.childOrderId,
    expiredQuantity: row.expiredQuantity,
    cancelReason: row.cancelReason,
  };
}

/** Reading the user's positions and orders, with live figures from the engine's ticks. */
export function createPerpetualViews(db: Db, engine: TradingEngine) {
  const tickOf = (symbol: string) => engine.tick(symbol);

  /**
   * The account's cross standing as of now: its available balance and the liquidation price of each open cross
   * position at the current marks. The stored price (and its trigger) is refreshed when the account changes;
   * with two or more positions it drifts as the other positions' marks move, while the account's liquidation is
   * decided on time by crossBook. Computing it on read costs one query per list and no writes per tick.
   */
  async function crossNow(userId: string, mode: 'real' | 'demo') {
    const free = await available(db, { holder: userId, mode, wallet: 'contract', asset: 'USDT' });
    const { rows } = await db.query<PositionRow>(
      `SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE user_id = $1 AND mode = $2 AND status = 'open' AND margin_mode = 'cross'`,
      [userId, mode],
    );
    return { free, prices: crossLiquidationPrices(rows.map(crossLegOf), free, tickOf) };
  }

  /**
   * The ADL indicator of each open position among `rows` (by id): its quintile in the queue of every open position
   * of its symbol, side and mode at the current mark (adl-rank.ts), computed on read as the liquidation price is.
   */
  async function adlRanks(rows: PositionRow[]): Promise<Map<string, number>> {
    const open = rows.filter((row) => row.status === 'open');
    if (!open.length) return new Map();
    const { rows: peers } = await db.query<Pick<PositionRow, 'id' | 'symbol' | 'side' | 'quantity' | 'quoteRate' | 'entryPrice' | 'margin'>>(
      `SELECT id::text AS id, symbol, side, trim_scale(quantity)::text AS quantity, trim_scale(quote_rate)::text AS "quoteRate",
              trim_scale(entry_price)::text AS "entryPrice", trim_scale(margin)::text AS margin
         FROM perp_positions WHERE status = 'open' AND mode = $1 AND symbol = ANY($2::text[])`,
      [open[0]!.mode, [...new Set(open.map((row) => row.symbol))]],
    );
    const ranks = new Map<string, number>();
    const groups = new Map<string, typeof peers>();
    for (const peer of peers) groups.set(`${peer.symbol}:${peer.side}`, [...(groups.get(`${peer.symbol}:${peer.side}`) ?? []), peer]);
    for (const group of groups.values()) {
      const mark = markOf(tickOf(group[0]!.symbol), group[0]!.entryPrice);
      const buckets = adlBuckets(group.map((p) => ({ id: p.id, side: p.side, quantity: exposure(p.quantity, p.quoteRate), entryPrice: p.entryPrice, margin: p.margin, mark })));
      for (const [id, rank] of buckets) ranks.set(id, rank);
    }
    return ranks;
  }

  const views = async (rows: PositionRow[]) => {
    const cross = rows.find((row) => row.marginMode === 'cross' && row.status === 'open');
    const now = cross && (await crossNow(cross.userId, cross.mode));
    const ranks = await adlRanks(rows);
    return rows.map((row) => ({
      ...(row.marginMode === 'cross' && row.status === 'open' && now
        ? positionView(row, tickOf(row.symbol), now.free, now.prices.has(row.id) ? now.prices.get(row.id)! : row.liquidationPrice)
        : positionView(row, tickOf(row.symbol))),
      adlRank: ranks.get(row.id) ?? null,
    }));
  };
  const view = async (row: PositionRow) => (await views([row]))[0]!;

  return {
    view,
    async openList(userId: string, mode: 'real' | 'demo', symbol?: string) {
      const { rows } = await db.query<PositionRow>(
        `SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE user_id = $1 AND mode = $2 AND status = 'open' AND ($3::text IS NULL OR symbol = $3) ORDER BY id DESC`,
        [userId, mode, symbol?.toUpperCase() ?? null],
      );
      return views(rows);
    },
    async limitList(userId: string, mode: 'real' | 'demo', symbol?: string) {
      const { rows } = await db.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM perp_orders WHERE user_id = $1 AND mode = $2 AND status = 'pending' AND ($3::text IS NULL OR symbol = $3) ORDER BY id DESC`,
        [userId, mode, symbol?.toUpperCase() ?? null],
      );
      return rows.map((row) => orderView(row));
    },
    async closeList(userId: string, mode: 'real' | 'demo', options: { symbol?: string | undefined; limit: number; offset: number }) {
      const params = [userId, mode, options.symbol?.toUpperCase() ?? null];
      const where = `user_id = $1 AND mode = $2 AND status = 'closed' AND ($3::text IS NULL OR symbol = $3)`;
      const total = await db.query<{ count: string }>(`SELECT count(*)::text AS count FROM perp_positions WHERE ${where}`, params);
      const { rows } = await db.query<PositionRow>(`SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE ${where} ORDER BY closed_at DESC, id DESC LIMIT $4 OFFSET $5`, [
        ...params,
        options.limit,
        options.offset,
      ]);
      return { total: Number(total.rows[0]!.count), rows: await views(rows) };
    },
    /** A position with its fills (evidence, receipt hashes), funding payments and liquidation record. */
    async detail(row: PositionRow) {
      const fills = await db.query<Omit<DataOf<typeof perpetual.detail>['fills'][number], 'createdAt'> & { createdAt: Date }>(
        `SELECT f.id::text AS id, f.order_id::text AS "orderId", f.kind, f.side, trim_scale(f.quantity)::text AS quantity, trim_scale(f.price)::text AS price,
                trim_scale(f.fee)::text AS fee, trim_scale(f.realised_pnl)::text AS "realisedPnl",
                CASE WHEN f.order_id IS NOT NULL THEN NULL WHEN f.kind = 'close' THEN 'manual' ELSE f.kind END AS "closeType", f.evidence, r.hash AS "receiptHash", f.created_at AS "createdAt"
           FROM perp_fills f JOIN receipt_links r ON r.seq = f.receipt_seq WHERE f.position_id = $1 ORDER BY f.id`,
        [row.id],
      );
      const funding = await db.query<{ id: string; rate: string; markPrice: string; markTime: Date | null; markCovered: boolean | null; quantity: string; amount: string; receiptHash: string; fundedAt: Date }>(
        `SELECT p.id::text AS id, trim_scale(p.rate)::text AS rate, trim_scale(p.mark_price)::text AS "markPrice", p.mark_time AS "markTime",
                p.mark_covered AS "markCovered", trim_scale(p.quantity)::text AS quantity,
                trim_scale(p.amount)::text AS amount, r.hash AS "receiptHash", p.funding_time AS "fundedAt"
           FROM perp_funding p JOIN receipt_links r ON r.seq = p.receipt_seq WHERE p.position_id = $1 ORDER BY p.funding_time`,
        [row.id],
      );
      const liquidation = await db.query<{ markPrice: string; toInsurance: string; shortfall: string; uncovered: string; bankruptcyPrice: string | null; receiptHash: string; at: Date }>(
        `SELECT trim_scale(l.mark_price)::text AS "markPrice", trim_scale(l.to_insurance)::text AS "toInsurance", trim_scale(l.shortfall)::text AS shortfall,
                trim_scale(l.uncovered)::text AS uncovered, trim_scale(l.bankruptcy_price)::text AS "bankruptcyPrice",
                r.hash AS "receiptHash", l.created_at AS at
           FROM perp_liquidations l JOIN receipt_links r ON r.seq = l.receipt_seq WHERE l.position_id = $1`,
        [row.id],
      );
      return { position: await view(row), fills: fills.rows, funding: funding.rows, liquidation: liquidation.rows[0] ?? null };
    },
  };
}
