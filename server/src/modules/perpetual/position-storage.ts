import type { Db } from '../../db/db.js';
import type { AuthUser } from '../identity/auth.js';
import type { Mode } from '../ledger/ledger.js';
import { refuse } from '../trading/refusal.js';
import { POSITION_COLUMNS, type OrderRow, type PositionRow } from './storage.js';

// The SQL of perp_positions, perp_fills, perp_liquidations and trading_settings (the service and its seams call these).

export async function lockPosition(tx: Db, id: string): Promise<PositionRow | undefined> {
  const { rows } = await tx.query<PositionRow>(`SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0];
}

/** The user's own open position, locked; anything else is refused as not found. */
export async function ownOpenPosition(tx: Db, user: AuthUser, id: string): Promise<PositionRow> {
  const row = await lockPosition(tx, id);
  if (!row || row.userId !== user.id || row.mode !== user.mode || row.status !== 'open') throw refuse('positionNotFound');
  return row;
}

export async function positionById(q: Db, id: string): Promise<PositionRow | undefined> {
  const { rows } = await q.query<PositionRow>(`SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE id = $1`, [id]);
  return rows[0];
}

/** The open cross positions of an account, oldest first (`lock`: FOR UPDATE). */
export async function openCrossPositions(q: Db, userId: string, mode: Mode, lock = false): Promise<PositionRow[]> {
  const { rows } = await q.query<PositionRow>(
    `SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE user_id = $1 AND mode = $2 AND status = 'open' AND margin_mode = 'cross' ORDER BY id${lock ? ' FOR UPDATE' : ''}`,
    [userId, mode],
  );
  return rows;
}

/** Every open cross position, grouped in account order (crossBook's load at start). */
export async function allOpenCrossPositions(q: Db): Promise<PositionRow[]> {
  const { rows } = await q.query<PositionRow>(`SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE status = 'open' AND margin_mode = 'cross' ORDER BY user_id, mode, id`);
  return rows;
}

/** Every open position with the last funding time it paid (the funding job). */
export async function openPositionsForFunding(q: Db): Promise<(PositionRow & { lastFunded: Date | null })[]> {
  const { rows } = await q.query<PositionRow & { lastFunded: Date | null }>(
    `SELECT ${POSITION_COLUMNS}, (SELECT max(f.funding_time) FROM perp_funding f WHERE f.position_id = perp_positions.id) AS "lastFunded"
       FROM perp_positions WHERE status = 'open' ORDER BY id`,
  );
  return rows;
}

/** The open position of the order's symbol and side a merge-mode fill adds to, if any. */
export async function mergeTargetId(tx: Db, order: OrderRow): Promise<string | undefined> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM perp_positions WHERE user_id = $1 AND mode = $2 AND symbol = $3 AND side = $4 AND status = 'open' ORDER BY id LIMIT 1`,
    [order.userId, order.mode, order.symbol, order.side],
  );
  return rows[0]?.id;
}

export async function addToPosition(tx: Db, id: string, add: { quantity: string; entryPrice: string; margin: string; fee: string; leverage: number; quoteRate: string }): Promise<void> {
  await tx.query(
    `UPDATE perp_positions SET quantity = quantity + $2, entry_price = $3, margin = $4, peak_margin = GREATEST(peak_margin, $4), fees = fees + $5,
            leverage = $6, quote_rate = $7 WHERE id = $1`,
    [id, add.quantity, add.entryPrice, add.margin, add.fee, add.leverage, add.quoteRate],
  );
}

/** A new position of an order's fill, its funding terms copied from the terms version the order was placed under. */
export async function insertPosition(tx: Db, order: OrderRow, price: string, now: Date): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO perp_positions (user_id, mode, symbol, side, status, quantity, entry_price, leverage, margin_mode, margin, peak_margin, fees,
                                 parent_order_id, taker_fee_rate, price_decimals, maintenance_tiers, terms_version, opened_at, quote_rate,
                                 funding_rate, funding_interval_hours, funding_interest_rate, funding_clamp, funding_cap)
     SELECT $1, $2, $3, $4, 'open', $5, $6, $7, $8, $9, $9, $10, $11, $12, $13, $14, $15, $16, $17,
            -- the funding terms of the version the order was placed under, frozen like its fee and tiers; a version
            -- from before the funding formula (migration 0031) takes the instrument's formula parameters
            (v.terms->>'fundingRate')::numeric, (v.terms->>'fundingIntervalHours')::integer,
            (CASE WHEN v.terms ? 'fundingCap' THEN v.terms->>'fundingInterestRate' ELSE i.funding_interest_rate::text END)::numeric,
            (CASE WHEN v.terms ? 'fundingCap' THEN v.terms->>'fundingClamp' ELSE i.funding_clamp::text END)::numeric,
            (CASE WHEN v.terms ? 'fundingCap' THEN v.terms->>'fundingCap' ELSE i.funding_cap::text END)::numeric
       FROM (SELECT 1) one LEFT JOIN trading_instrument_versions v ON v.symbol = $3 AND v.version = $15
            LEFT JOIN trading_instruments i ON i.symbol = $3
     RETURNING id`,
    [order.userId, order.mode, order.symbol, order.side, order.quantity, price, order.leverage, order.marginMode, order.margin, order.fee,
      order.id, order.takerFeeRate, order.priceDecimals, JSON.stringify(order.tiers), order.termsVersion, now, order.quoteRate],
  );
  return rows[0]!.id;
}

export async function setPositionTrigger(tx: Db, id: string, which: 'tp' | 'sl' | 'liq', triggerId: string | null): Promise<void> {
  const column = { tp: 'tp_trigger_id', sl: 'sl_trigger_id', liq: 'liq_trigger_id' }[which];
  await tx.query(`UPDATE perp_positions SET ${column} = $2 WHERE id = $1`, [id, triggerId]);
}

export async function setLiquidationPrice(tx: Db, id: string, price: string | null): Promise<void> {
  await tx.query('UPDATE perp_positions SET liquidation_price = $2 WHERE id = $1', [id, price]);
}

/** Sets the TP and SL prices; `keep`: a null leaves the current one (an order's fill that sets none). */
export async function setTpSlPrices(tx: Db, id: string, takeProfit: string | null, stopLoss: string | null, keep = false): Promise<void> {
  await tx.query(
    keep
      ? 'UPDATE perp_positions SET take_profit = COALESCE($2, take_profit), stop_loss = COALESCE($3, stop_loss) WHERE id = $1'
      : 'UPDATE perp_positions SET take_profit = $2, stop_loss = $3 WHERE id = $1',
    [id, takeProfit, stopLoss],
  );
}

/** A position's fill row (an opening fill: no P/L). */
export async function insertOpenFill(tx: Db, fill: { positionId: string; order: OrderRow; kind: string; price: string; evidence: unknown; receiptSeq: string | number; now: Date }): Promise<void> {
  const { order } = fill;
  await tx.query(
    `INSERT INTO perp_fills (position_id, order_id, user_id, mode, kind, side, quantity, price, fee, realised_pnl, evidence, receipt_seq, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $11, $12)`,
    [fill.positionId, order.id, order.userId, order.mode, fill.kind, order.side, order.quantity, fill.price, order.fee, JSON.stringify(fill.evidence), fill.receiptSeq, fill.now],
  );
}

/** A closing fill row. */
export async function insertCloseFill(tx: Db, pos: PositionRow, fill: { kind: string; quantity: string; price: string; fee: string; realisedPnl: string; evidence: unknown; receiptSeq: string | number; requestKey: string; now: Date }): Promise<void> {
  await tx.query(
    `INSERT INTO perp_fills (position_id, user_id, mode, kind, side, quantity, price, fee, realised_pnl, evidence, receipt_seq, request_key, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [pos.id, pos.userId, pos.mode, fill.kind, pos.side, fill.quantity, fill.price, fill.fee, fill.realisedPnl, JSON.stringify(fill.evidence), fill.receiptSeq, fill.requestKey, fill.now],
  );
}

export async function insertLiquidation(tx: Db, row: { positionId: string; price: string; toInsurance: string; shortfall: string; receiptSeq: string | number; now: Date }): Promise<void> {
  await tx.query(
    `INSERT INTO perp_liquidations (position_id, mark_price, to_insurance, shortfall, receipt_seq, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (position_id) DO NOTHING`,
    [row.positionId, row.price, row.toInsurance, row.shortfall, row.receiptSeq, row.now],
  );
}

/** Takes `quantity` off a position; `closed`: the whole of it, with how and at what price. */
export async function reducePosition(tx: Db, id: string, change: { quantity: string; margin: string; pnl: string; fee: string; closed: { type: string; price: string; at: Date } | null }): Promise<void> {
  const { closed } = change;
  await tx.query(
    `UPDATE perp_positions SET quantity = quantity - $2, closed_quantity = closed_quantity + $2, margin = $3, trade_pnl = trade_pnl + $4, fees = fees + $5,
            status = $6, close_type = $7, close_price = $8, closed_at = $9 WHERE id = $1`,
    [id, change.quantity, change.margin, change.pnl, change.fee, closed ? 'closed' : 'open', closed?.type ?? null, closed?.price ?? null, closed?.at ?? null],
  );
}

export async function clearLiquidationTrigger(tx: Db, id: string): Promise<void> {
  await tx.query('UPDATE perp_positions SET liq_trigger_id = NULL WHERE id = $1', [id]);
}

/** The position a close request (its ledger key) closed. */
export async function closedByRequest(q: Db, key: string): Promise<string | undefined> {
  const { rows } = await q.query<{ id: string }>('SELECT position_id::text AS id FROM perp_fills WHERE request_key = $1', [key]);
  return rows[0]?.id;
}

/** The positions a reverse request closed and opened. */
export async function reversedByRequest(q: Db, key: string): Promise<{ closed: string; opened: string } | undefined> {
  const { rows } = await q.query<{ closed: string; opened: string }>(
    `SELECT f.position_id::text AS closed, o.position_id::text AS opened FROM perp_fills f JOIN perp_orders o ON o.request_key = $2 WHERE f.request_key = $1`,
    [key, `${key}:open`],
  );
  return rows[0];
}

/** The engine's settings row, read in the caller's transaction (PGlite has one connection). */
export async function settingsOf(q: Db, userId: string, mode: Mode): Promise<{ marginMode: 'isolated' | 'cross'; positionMode: 'merge' | 'split' }> {
  const { rows } = await q.query<{ marginMode: 'isolated' | 'cross'; positionMode: 'merge' | 'split' }>(
    'SELECT margin_mode AS "marginMode", position_mode AS "positionMode" FROM trading_settings WHERE user_id = $1 AND mode = $2',
    [userId, mode],
  );
  return rows[0] ?? { marginMode: 'isolated', positionMode: 'merge' };
}

/** Whether an account has an open position or a pending order (its modes are then locked). */
export async function hasOpenBusiness(tx: Db, userId: string, mode: Mode): Promise<boolean> {
  const busy = await tx.query(
    `SELECT 1 FROM perp_positions WHERE user_id = $1 AND mode = $2 AND status = 'open'
     UNION ALL SELECT 1 FROM perp_orders WHERE user_id = $1 AND mode = $2 AND status = 'pending' LIMIT 1`,
    [userId, mode],
  );
  return busy.rows.length > 0;
}

export async function saveSettings(tx: Db, userId: string, mode: Mode, next: { marginMode: string; positionMode: string }, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO trading_settings (user_id, mode, margin_mode, position_mode, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, mode) DO UPDATE SET margin_mode = $3, position_mode = $4, updated_at = $5`,
    [userId, mode, next.marginMode, next.positionMode, now],
  );
}
