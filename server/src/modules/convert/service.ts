import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { Dec } from '../ledger/decimal.js';
import { normalize, PLATFORM, post, type Mode } from '../ledger/ledger.js';
import { idempotent, rowOfKey } from '../../platform-kit/idempotent.js';
import { CURRENCIES, findCurrency } from '../wallet/currencies.js';
import { parseCurrencyAmount } from '../wallet/service.js';

/** One side's USDT price as the feed gives it now: the bid when the user sells it, the ask when they buy it. */
export interface SideQuote {
  bid: string;
  ask: string;
  /** Epoch ms of the tick. */
  time: number;
}

export interface ConvertDeps {
  db: Db;
  clock: () => Date;
  /** The live quote of ASSET/USDT, or undefined when the market has none (USDT itself is handled here). */
  quote: (asset: string) => SideQuote | undefined;
  /** The conversion desk's margin on top of the market's own bid/ask, e.g. "0.002" for 0.2 %. */
  deskSpread: string;
}

export interface Estimate {
  from: string;
  to: string;
  amount: string;
  /** Units of `to` received per unit of `from`, after every spread. */
  rate: string;
  /** What the user gives up against the mid price, as a fraction ("0.0031" = 0.31 %), shown before confirming. */
  spread: string;
  receive: string;
  fromPrice: string;
  toPrice: string;
  tickTime: number;
}

export interface Conversion {
  id: string;
  fromAsset: string;
  toAsset: string;
  fromAmount: string;
  toAmount: string;
  rate: string;
  spread: string;
  fromPrice: string;
  toPrice: string;
  tickTime: Date;
  createdAt: Date;
}

const RATE_DECIMALS = 12;

export function createConverter(deps: ConvertDeps) {
  const { db, clock } = deps;
  const usdt: SideQuote = { bid: '1', ask: '1', time: 0 };
  const sideQuote = (asset: string): SideQuote => {
    const quote = asset === 'USDT' ? usdt : deps.quote(asset);
    if (!quote) throw refuse('unknownAsset');
    return quote;
  };

  function estimate(input: { from: unknown; to: unknown; amount: unknown }): Estimate {
    const from = findCurrency(input.from);
    const to = findCurrency(input.to);
    if (from.asset === to.asset) throw refuse('sameAsset');
    const amount = parseCurrencyAmount(from.asset, input.amount);
    const sell = sideQuote(from.asset);
    const buy = sideQuote(to.asset);
    const margin = new Dec(1).minus(deps.deskSpread);
    const rate = new Dec(sell.bid).div(buy.ask).times(margin).toDecimalPlaces(RATE_DECIMALS, Dec.ROUND_DOWN);
    const mid = new Dec(sell.bid).plus(sell.ask).div(2).div(new Dec(buy.bid).plus(buy.ask).div(2));
    const receive = new Dec(amount).times(rate).toDecimalPlaces(to.scale, Dec.ROUND_DOWN);
    if (receive.lte(0)) throw refuse('invalidAmount');
    return {
      from: from.asset,
      to: to.asset,
      amount,
      rate: rate.toFixed(),
      spread: new Dec(1).minus(rate.div(mid)).toDecimalPlaces(6, Dec.ROUND_UP).toFixed(),
      receive: receive.toFixed(),
      fromPrice: sell.bid,
      toPrice: buy.ask,
      tickTime: Math.max(sell.time, buy.time),
    };
  }

  const columns = `id, from_asset AS "fromAsset", to_asset AS "toAsset", from_amount::text AS "fromAmount", to_amount::text AS "toAmount",
    rate::text AS rate, spread::text AS spread, from_price::text AS "fromPrice", to_price::text AS "toPrice", tick_time AS "tickTime",
    created_at AS "createdAt"`;
  const tidy = (row: Conversion): Conversion => ({
    ...row,
    fromAmount: normalize(row.fromAmount),
    toAmount: normalize(row.toAmount),
    rate: normalize(row.rate),
    spread: normalize(row.spread),
    fromPrice: normalize(row.fromPrice),
    toPrice: normalize(row.toPrice),
  });

  return {
    /** The currencies that convert into each other. */
    currencies: () => CURRENCIES.map((c) => ({ asset: c.asset, name: c.name, scale: c.scale })),

    estimate,

    /**
     * Converts at the live rate, but never at a rate worse than minRate (the estimate the user confirmed): the
     * market may have moved since, and then the user is asked to confirm the new estimate instead.
     */
    async convert(userId: string, mode: Mode, input: { from: unknown; to: unknown; amount: unknown; minRate: unknown; requestId: string }): Promise<Conversion> {
      const { requestId, ...request } = input;
      const call = await idempotent<Conversion>(db, clock, {
        key: { scope: 'convert', userId, mode, requestId },
        request: { ...request, mode },
        replay: rowOfKey(`SELECT ${columns} FROM conversions WHERE request_key = $1`, tidy),
      });
      if (call.first) return call.first;
      const requestKey = call.key;
      const quoted = estimate(input);
      let minRate: InstanceType<typeof Dec>;
      try {
        minRate = new Dec(String(input.minRate));
      } catch {
        throw refuse('rateMoved');
      }
      if (!minRate.isFinite() || new Dec(quoted.rate).lt(minRate)) throw refuse('rateMoved');
      return call.transaction(async (tx, now) => {
        const { rows } = await tx.query<Conversion>(
          `INSERT INTO conversions (user_id, mode, from_asset, to_asset, from_amount, to_amount, rate, spread, from_price, to_price,
                                    tick_time, request_key, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${columns}`,
          [userId, mode, quoted.from, quoted.to, quoted.amount, quoted.receive, quoted.rate, quoted.spread, quoted.fromPrice, quoted.toPrice,
            new Date(quoted.tickTime || now.getTime()), requestKey, now],
        );
        const record = rows[0]!;
        const desk = (asset: string) => ({ holder: PLATFORM, mode, wallet: 'desk' as const, asset });
        const own = (asset: string) => ({ holder: userId, mode, wallet: 'platform' as const, asset });
        await post(tx, {
          key: requestKey,
          cause: { type: 'convert', id: record.id },
          moves: [
            { from: own(quoted.from), to: desk(quoted.from), amount: quoted.amount },
            { from: desk(quoted.to), to: own(quoted.to), amount: quoted.receive },
          ],
        }, now);
        return tidy(record);
      });
    },

    async history(userId: string, mode: Mode, page: { limit: number; offset: number }): Promise<{ total: number; rows: Conversion[] }> {
      const total = await db.query<{ count: string }>('SELECT count(*)::text AS count FROM conversions WHERE user_id = $1 AND mode = $2', [userId, mode]);
      const { rows } = await db.query<Conversion>(
        `SELECT ${columns} FROM conversions WHERE user_id = $1 AND mode = $2 ORDER BY id DESC LIMIT $3 OFFSET $4`,
        [userId, mode, page.limit, page.offset],
      );
      return { total: Number(total.rows[0]!.count), rows: rows.map(tidy) };
    },
  };
}

export type Converter = ReturnType<typeof createConverter>;
