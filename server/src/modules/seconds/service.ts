import { durationLabel, netOf, outcomeOf, payoutOf, type SecondsDirection, type SecondsOutcome, type SecondsPushAction } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import type { AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import { PLATFORM, post, type AccountRef, type Mode, type Move } from '../ledger/ledger.js';
import { idempotent, rowOfKey } from '../../platform-kit/idempotent.js';
import type { MarketService } from '../market/service.js';
import { pushToUser } from '../platform/user-events.js';
import type { TradingEngine } from '../trading/engine.js';
import { refuse } from '../trading/refusal.js';
import { PRODUCT_COLUMNS, type SecondsProduct } from './products.js';
import { STILL_OPEN } from './state.js';
import { recordTick, TickRecorder, TICK_COLUMNS, type RecordedTickRow } from './recorder.js';

/**
 * A tick older than this at acceptance is not "the feed tick current at acceptance": the purchase is refused
 * ("Market data is delayed"). At 10 s a client watching a faster source than ours could buy after a move at the
 * price from before it. One feed step (1 s) is the most a current tick can be behind, plus up to half a second by
 * which the feed's timer may fire late on a busy process: at exactly 1 s, a purchase in that gap before each tick
 * of a healthy feed was refused. A stalled feed (or an exchange stream gone quiet) is still refused within 1.5 s.
 */
export const MAX_TICK_AGE_MS = 1_500;
/**
 * How far after its expiry a recorded tick may still close a contract. The feed ticks every second, so a tick
 * recorded within 2 s of expiry is the price at expiry; when the first one is later (the server was down, the feed
 * stalled) no price was recorded at expiry and the stake is refunded. The same 2 s are in the database's guards
 * (migration 0024).
 */
export const SETTLE_TOLERANCE_MS = 2_000;
/** Contracts settled per job run (one transaction: on PGlite the whole store waits for it). */
export const SETTLE_BATCH = 200;
/** Recorded ticks are kept this long (older ones no contract refers to and no open contract needs are deleted). */
export const TICK_RETENTION_MS = 24 * 3600_000;
const RETENTION_BATCH = 20_000;

export interface OpenInput {
  symbol: string;
  direction: SecondsDirection;
  productId?: string | undefined;
  duration?: number | undefined;
  stake: string;
  requestId: string;
}

export interface ContractRow {
  id: string;
  userId: string;
  mode: Mode;
  symbol: string;
  direction: SecondsDirection;
  productId: string;
  productVersion: number;
  durationSeconds: number;
  payoutRatio: string;
  stake: string;
  openedAt: Date;
  expiresAt: Date;
  openTickId: string;
  openPrice: string;
  openReceiptSeq: string;
  status: 'open' | 'settled';
  /** Set when the contract was refunded (no price recorded at expiry); its status is then still 'open' in the table. */
  refundedAt: Date | null;
  refundReceiptSeq: string | null;
  closeTickId: string | null;
  closePrice: string | null;
  settledAt: Date | null;
  settleReceiptSeq: string | null;
  outcome: SecondsOutcome | null;
  payout: string | null;
}

const n = (column: string, as: string) => `trim_scale(${column})::text AS "${as}"`;
export const CONTRACT_COLUMNS = [
  'id::text AS id', 'user_id::text AS "userId"', 'mode', 'symbol', 'direction', 'product_id::text AS "productId"', 'product_version AS "productVersion"',
  'duration_seconds AS "durationSeconds"', n('payout_ratio', 'payoutRatio'), n('stake', 'stake'), 'opened_at AS "openedAt"', 'expires_at AS "expiresAt"',
  'open_tick_id::text AS "openTickId"', n('open_price', 'openPrice'), 'open_receipt_seq::text AS "openReceiptSeq"', 'status',
  'close_tick_id::text AS "closeTickId"', n('close_price', 'closePrice'), 'settled_at AS "settledAt"', 'settle_receipt_seq::text AS "settleReceiptSeq"',
  'outcome', n('payout', 'payout'),
  `(SELECT r.refunded_at FROM seconds_refunds r WHERE r.contract_id = seconds_contracts.id) AS "refundedAt"`,
  `(SELECT r.receipt_seq::text FROM seconds_refunds r WHERE r.contract_id = seconds_contracts.id) AS "refundReceiptSeq"`,
].join(', ');


/** The contract as the API shows it (the spec's Seconds contract). */
export function contractView(row: ContractRow) {
  if (row.refundedAt) {
    // no price was recorded at expiry: the stake came back, nothing won or lost
    return { ...settledView(row), status: 'refunded' as const, settledAt: row.refundedAt, payout: row.stake, pnl: '0', refundReason: 'noPriceAtExpiry' as const };
  }
  return settledView(row);
}

function settledView(row: ContractRow) {
  return {
    id: row.id,
    symbol: row.symbol,
    direction: row.direction,
    stake: row.stake,
    asset: 'USDT' as const,
    duration: { seconds: row.durationSeconds, ...durationLabel(row.durationSeconds) },
    payoutRatio: row.payoutRatio,
    productId: row.productId,
    productVersion: row.productVersion,
    status: row.status,
    openPrice: row.openPrice,
    closePrice: row.closePrice,
    openedAt: row.openedAt,
    expiresAt: row.expiresAt,
    settledAt: row.settledAt,
    outcome: row.outcome,
    payout: row.payout,
    pnl: row.outcome ? netOf(row.outcome, row.stake, row.payoutRatio) : null,
    refundReason: null as 'noPriceAtExpiry' | null,
  };
}

/** The accounts a seconds contract moves USDT between: the user's option wallet and the platform's broker desk. */
function accounts(userId: string, mode: Mode) {
  const user = (part: 'available' | 'frozen'): AccountRef => ({ holder: userId, mode, wallet: 'option', asset: 'USDT', part });
  return { available: user('available'), frozen: user('frozen'), broker: { holder: PLATFORM, mode, wallet: 'broker', asset: 'USDT' } as AccountRef };
}

/** The settlement's ledger moves: the stake leaves escrow (back to the user, or to the desk on a loss); a win adds stake × ratio from the desk. */
export function settlementMoves(row: Pick<ContractRow, 'userId' | 'mode' | 'stake' | 'payoutRatio'>, outcome: SecondsOutcome): Move[] {
  const acc = accounts(row.userId, row.mode);
  if (outcome === 'loss') return [{ from: acc.frozen, to: acc.broker, amount: row.stake }];
  const moves: Move[] = [{ from: acc.frozen, to: acc.available, amount: row.stake }];
  if (outcome === 'win') moves.push({ from: acc.broker, to: acc.available, amount: new Dec(row.stake).times(row.payoutRatio).toFixed() });
  return moves;
}

export type SecondsService = ReturnType<typeof createSeconds>;

export function createSeconds(deps: { db: Db; engine: TradingEngine; market: MarketService; log?: FastifyBaseLogger | undefined }) {
  const { db, engine, market } = deps;
  const clock = () => engine.clock();
  const recorder = new TickRecorder({ db, clock, source: (symbol) => market.source(symbol), log: deps.log });
  let unsubscribe: (() => void) | undefined;

  const push = (tx: Db, row: Pick<ContractRow, 'userId' | 'mode' | 'symbol' | 'id'>, action: SecondsPushAction) =>
    pushToUser(tx, row.userId, { action, mode: row.mode, symbol: row.symbol, contractId: row.id });

  async function contractById(q: Db, id: string, lock = false): Promise<ContractRow | undefined> {
    const { rows } = await q.query<ContractRow>(`SELECT ${CONTRACT_COLUMNS} FROM seconds_contracts WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0];
  }

  /** The product a purchase names (by id, or by the symbol's duration), enabled; refused otherwise. */
  async function productFor(input: OpenInput, symbol: string): Promise<SecondsProduct> {
    const { rows } = input.productId !== undefined
      ? await db.query<SecondsProduct>(`SELECT ${PRODUCT_COLUMNS} FROM seconds_products WHERE id = $1`, [input.productId])
      : await db.query<SecondsProduct>(`SELECT ${PRODUCT_COLUMNS} FROM seconds_products WHERE symbol = $1 AND duration_seconds = $2`, [symbol, input.duration ?? -1]);
    const product = rows[0];
    if (!product || !product.enabled || product.symbol !== symbol) throw refuse('secondsProductUnavailable');
    if (input.duration !== undefined && input.duration !== product.durationSeconds) throw refuse('secondsProductUnavailable');
    return product;
  }

  async function place(tx: Db, user: AuthUser, symbol: string, product: SecondsProduct, input: OpenInput, requestKey: string, now: Date): Promise<ContractRow> {
    const tick = engine.tick(symbol);
    if (!tick) throw refuse('priceNotCurrent', { symbol });
    if (now.getTime() - tick.time > MAX_TICK_AGE_MS) throw refuse('marketDataDelayed', { symbol });
    // record from now on, before the contract exists, so no tick after acceptance can be missed
    recorder.watch(symbol);
    const opening = await recordTick(tx, tick, market.source(symbol), now);
    const expiresAt = new Date(now.getTime() + product.durationSeconds * 1000);
    const { rows: ids } = await tx.query<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('seconds_contracts', 'id'))::text AS id`);
    const id = ids[0]!.id;
    const receipt = await engine.appendReceipt(tx, {
      kind: 'seconds-open',
      ref: `seconds:${id}`,
      payload: {
        product: 'seconds', contractId: id, userId: user.id, mode: user.mode, symbol, direction: input.direction, stake: input.stake,
        payoutRatio: product.payoutRatio, durationSeconds: product.durationSeconds, productId: product.id, productVersion: product.version,
        openedAt: now.toISOString(), expiresAt: expiresAt.toISOString(), openTick: tickPayload(opening),
      },
    });
    await tx.query(
      `INSERT INTO seconds_contracts (id, user_id, mode, symbol, direction, product_id, product_version, duration_seconds, payout_ratio, stake,
                                      opened_at, expires_at, open_tick_id, open_price, open_receipt_seq, request_key)
       OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [id, user.id, user.mode, symbol, input.direction, product.id, product.version, product.durationSeconds, product.payoutRatio, input.stake,
        now, expiresAt, opening.id, opening.price, receipt.seq, requestKey],
    );
    const acc = accounts(user.id, user.mode);
    await post(tx, { key: requestKey, cause: { type: 'seconds', id }, moves: [{ from: acc.available, to: acc.frozen, amount: input.stake }] }, now);
    const row = (await contractById(tx, id))!;
    push(tx, row, 'SECOND_CONTRACT_OPEN');
    return row;
  }

  /** Settles one locked open contract on its close tick, in the caller's transaction. */
  async function settleLocked(tx: Db, row: ContractRow, close: RecordedTickRow, now: Date): Promise<ContractRow> {
    const outcome = outcomeOf(row.direction, row.openPrice, close.price);
    const payout = payoutOf(outcome, row.stake, row.payoutRatio);
    await post(tx, { key: `seconds-settle:${row.id}`, cause: { type: 'seconds', id: row.id }, moves: settlementMoves(row, outcome) }, now);
    const open = await tx.query<RecordedTickRow>(`SELECT ${TICK_COLUMNS} FROM seconds_ticks WHERE id = $1`, [row.openTickId]);
    const receipt = await engine.appendReceipt(tx, {
      kind: 'seconds-settle',
      ref: `seconds:${row.id}`,
      payload: {
        product: 'seconds', contractId: row.id, userId: row.userId, mode: row.mode, symbol: row.symbol, direction: row.direction, stake: row.stake,
        payoutRatio: row.payoutRatio, expiresAt: row.expiresAt.toISOString(), openTick: tickPayload(open.rows[0]!), closeTick: tickPayload(close),
        outcome, payout,
      },
    });
    const { rows } = await tx.query<{ outcome: SecondsOutcome; payout: string }>(
      `UPDATE seconds_contracts SET status = 'settled', close_tick_id = $2, close_price = $3, settled_at = $4, settle_receipt_seq = $5
        WHERE id = $1 AND status = 'open' RETURNING outcome, trim_scale(payout)::text AS payout`,
      [row.id, close.id, close.price, now, receipt.seq],
    );
    // the database derives outcome and payout from the prices on its own; both derivations must agree
    if (rows[0]?.outcome !== outcome || !new Dec(rows[0].payout).eq(payout)) {
      throw new Error(`seconds contract ${row.id}: settlement disagrees with the database (${outcome} ${payout} vs ${rows[0]?.outcome} ${rows[0]?.payout})`);
    }
    const settled = (await contractById(tx, row.id))!;
    push(tx, settled, 'SECOND_CONTRACT_SETTLE');
    return settled;
  }

  /**
   * Refunds one locked open contract of which no tick was recorded within SETTLE_TOLERANCE_MS of its expiry: the stake
   * back from escrow, a receipt naming the first tick recorded after the window. The ledger key is the settlement's,
   * so a contract is paid out once, by a settlement or by a refund.
   */
  async function refundLocked(tx: Db, row: ContractRow, firstAfter: RecordedTickRow, now: Date): Promise<ContractRow> {
    const acc = accounts(row.userId, row.mode);
    await post(tx, { key: `seconds-settle:${row.id}`, cause: { type: 'seconds', id: row.id }, moves: [{ from: acc.frozen, to: acc.available, amount: row.stake }] }, now);
    const open = await tx.query<RecordedTickRow>(`SELECT ${TICK_COLUMNS} FROM seconds_ticks WHERE id = $1`, [row.openTickId]);
    const receipt = await engine.appendReceipt(tx, {
      kind: 'seconds-refund',
      ref: `seconds:${row.id}`,
      payload: {
        product: 'seconds', contractId: row.id, userId: row.userId, mode: row.mode, symbol: row.symbol, direction: row.direction, stake: row.stake,
        expiresAt: row.expiresAt.toISOString(), toleranceMs: SETTLE_TOLERANCE_MS, openTick: tickPayload(open.rows[0]!), firstTickAfter: tickPayload(firstAfter),
        reason: 'noPriceAtExpiry', refund: row.stake,
      },
    });
    await tx.query(`INSERT INTO seconds_refunds (contract_id, reason, refunded_at, receipt_seq) VALUES ($1, 'noPriceAtExpiry', $2, $3)`, [row.id, now, receipt.seq]);
    const refunded = (await contractById(tx, row.id))!;
    push(tx, refunded, 'SECOND_CONTRACT_SETTLE');
    return refunded;
  }

  return {
    recorder,

    /** Loads the symbols to record and starts recording the market's ticks. */
    async start(): Promise<void> {
      await recorder.load().catch((err: unknown) => deps.log?.error({ err }, 'seconds: could not read the symbols to record yet'));
      unsubscribe ??= market.subscribe((_quotes, ticks) => recorder.onTicks(ticks));
    },

    async stop(): Promise<void> {
      unsubscribe?.();
      unsubscribe = undefined;
      await recorder.idle();
    },

    contractById: (id: string) => contractById(db, id),

    /**
     * Buys a contract: the product's terms frozen into it, the stake moved from the option wallet's available to
     * its frozen part, the feed's current tick recorded as the opening price, expiry = acceptance + duration.
     */
    async open(user: AuthUser, input: OpenInput): Promise<ContractRow> {
      const { requestId, ...body } = input;
      const call = await idempotent(db, clock, { key: { scope: 'seconds-open', userId: user.id, mode: user.mode, requestId }, request: { ...body, mode: user.mode }, replay: rowOfKey<ContractRow>(`SELECT ${CONTRACT_COLUMNS} FROM seconds_contracts WHERE request_key = $1`) });
      if (call.first) return call.first;
      const symbol = market.instrument(input.symbol).symbol;
      const product = await productFor(input, symbol);
      engine.requireOpen(symbol);
      const { nextClose } = market.tradingTime(symbol);
      if (nextClose !== null && clock().getTime() + product.durationSeconds * 1000 >= nextClose) throw refuse('expiryAfterClose');
      const stake = new Dec(input.stake);
      if (stake.lt(product.minStake)) throw refuse('stakeBelowMinimum', { min: product.minStake });
      if (stake.gt(product.maxStake)) throw refuse('stakeAboveMaximum', { max: product.maxStake });
      return call.transaction((tx, now) => place(tx, user, symbol, product, { ...input, stake: stake.toFixed() }, call.key, now));
    },

    /**
     * Settles every open contract whose expiry has passed and whose symbol has a recorded tick at or after it, on
     * the first such tick when it lies within SETTLE_TOLERANCE_MS of the expiry, else refunds it; at most `limit` of them (the rest at the next run). Runs in the job's transaction; the
     * status condition, the row lock and the ledger key make each settlement happen once.
     */
    async settleDue(tx: Db, now: Date, limit = SETTLE_BATCH): Promise<number> {
      const { rows } = await tx.query<{ id: string }>(
        `SELECT c.id::text AS id FROM seconds_contracts c
          WHERE c.status = 'open' AND c.expires_at <= $1
            AND NOT EXISTS (SELECT 1 FROM seconds_refunds r WHERE r.contract_id = c.id)
            AND EXISTS (SELECT 1 FROM seconds_ticks t WHERE t.symbol = c.symbol AND t.feed_time >= c.expires_at)
          ORDER BY c.expires_at, c.id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [now, limit],
      );
      let settled = 0;
      for (const { id } of rows) {
        const row = (await contractById(tx, id, true))!;
        if (row.status !== 'open' || row.refundedAt) continue;
        const { rows: ticks } = await tx.query<RecordedTickRow>(
          `SELECT ${TICK_COLUMNS} FROM seconds_ticks WHERE symbol = $1 AND feed_time >= $2 ORDER BY feed_time, id LIMIT 1`,
          [row.symbol, row.expiresAt],
        );
        const first = ticks[0]!;
        if (first.feedTime.getTime() - row.expiresAt.getTime() <= SETTLE_TOLERANCE_MS) await settleLocked(tx, row, first, now);
        else await refundLocked(tx, row, first, now);
        settled++;
      }
      return settled;
    },

    /**
     * Deletes recorded ticks older than the retention that no contract refers to and that no open contract may
     * still settle on (ticks at or after an open contract's expiry stay).
     */
    async pruneTicks(tx: Db, now: Date, retentionMs = TICK_RETENTION_MS): Promise<number> {
      const { rows } = await tx.query<{ id: string }>(
        `DELETE FROM seconds_ticks WHERE id IN (
           SELECT t.id FROM seconds_ticks t
            WHERE t.feed_time < $1
              AND NOT EXISTS (SELECT 1 FROM seconds_contracts c WHERE c.open_tick_id = t.id)
              AND NOT EXISTS (SELECT 1 FROM seconds_contracts c WHERE c.close_tick_id = t.id)
              AND NOT EXISTS (SELECT 1 FROM seconds_contracts c WHERE c.status = 'open' AND c.symbol = t.symbol AND c.expires_at <= t.feed_time
                                AND NOT EXISTS (SELECT 1 FROM seconds_refunds r WHERE r.contract_id = c.id))
            LIMIT $2)
         RETURNING id`,
        [new Date(now.getTime() - retentionMs), RETENTION_BATCH],
      );
      return rows.length;
    },

    /** The user's contracts: open ones soonest expiry first, history newest settlement first; and the user's record. */
    async list(userId: string, mode: Mode, options: { status: 'open' | 'history'; symbol?: string | undefined; limit: number; offset: number }) {
      const open = options.status === 'open';
      // history: settled contracts and refunded ones (a refund is the contract's end too), newest end first
      const order = open ? 'expires_at, id' : `COALESCE(settled_at, (SELECT r.refunded_at FROM seconds_refunds r WHERE r.contract_id = seconds_contracts.id)) DESC, id DESC`;
      const params = [userId, mode, options.symbol ? market.instrument(options.symbol).symbol : null];
      const where = `user_id = $1 AND mode = $2 AND ${open ? `(${STILL_OPEN})` : `NOT (${STILL_OPEN})`} AND ($3::text IS NULL OR symbol = $3)`;
      const total = await db.query<{ count: string }>(`SELECT count(*)::text AS count FROM seconds_contracts WHERE ${where}`, params);
      const { rows } = await db.query<ContractRow>(`SELECT ${CONTRACT_COLUMNS} FROM seconds_contracts WHERE ${where} ORDER BY ${order} LIMIT $4 OFFSET $5`, [
        ...params,
        options.limit,
        options.offset,
      ]);
      const record = await db.query<{ count: number; wins: number; losses: number; ties: number; staked: string; net: string; open: number }>(
        `SELECT count(*) FILTER (WHERE status = 'settled')::int AS count, count(*) FILTER (WHERE outcome = 'win')::int AS wins,
                count(*) FILTER (WHERE outcome = 'loss')::int AS losses, count(*) FILTER (WHERE outcome = 'tie')::int AS ties,
                trim_scale(COALESCE(sum(stake) FILTER (WHERE status = 'settled'), 0))::text AS staked,
                trim_scale(COALESCE(sum(payout - stake) FILTER (WHERE status = 'settled'), 0))::text AS net,
                count(*) FILTER (WHERE ${STILL_OPEN})::int AS open
           FROM seconds_contracts WHERE user_id = $1 AND mode = $2`,
        [userId, mode],
      );
      return { total: Number(total.rows[0]!.count), rows, record: record.rows[0]! };
    },

    /** A contract with its opening and closing ticks and receipt hashes. */
    async detail(row: ContractRow) {
      const ticks = await db.query<RecordedTickRow>(`SELECT ${TICK_COLUMNS} FROM seconds_ticks WHERE id = ANY($1::bigint[])`, [
        [row.openTickId, row.closeTickId].filter((id): id is string => id !== null),
      ]);
      const receipts = await db.query<{ seq: string; hash: string }>(`SELECT seq::text AS seq, hash FROM receipt_links WHERE seq = ANY($1::bigint[])`, [
        [row.openReceiptSeq, row.settleReceiptSeq, row.refundReceiptSeq].filter((s): s is string => s !== null),
      ]);
      const tick = (id: string | null) => ticks.rows.find((t) => t.id === id) ?? null;
      const hash = (seq: string | null) => receipts.rows.find((r) => r.seq === seq)?.hash ?? null;
      return {
        contract: contractView(row), openTick: tick(row.openTickId)!, closeTick: tick(row.closeTickId), openReceiptHash: hash(row.openReceiptSeq)!,
        settleReceiptHash: hash(row.settleReceiptSeq ?? row.refundReceiptSeq),
      };
    },
  };
}

/** A recorded tick as a receipt carries it (time as ISO text with milliseconds, so the canonical JSON is stable). */
function tickPayload(t: RecordedTickRow) {
  return { id: t.id, symbol: t.symbol, feedTime: t.feedTime.toISOString(), price: t.price, bid: t.bid, ask: t.ask, source: t.source };
}
