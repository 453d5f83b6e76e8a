import { exposure } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import { post } from '../ledger/ledger.js';
import type { PerpContext } from './context.js';
import { boundedBy, formulaOf, fundingRateOf, premiumOf } from './funding-formula.js';
import {
  applyFunding, fillPriceBefore, fundingPaid, fundingTermsAt, insertFunding, publishRate, recordedRate, recordedRateAt, recordFormulaRate, recordSamples, samplesBetween, type RecordedRate,
} from './funding-storage.js';
import { settleFundingCovered } from './insurance.js';
import { lockPosition, openPositionsForFunding } from './position-storage.js';
import { indexOf, markOf, type PositionRow } from './storage.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
/** The published formula, as the market call shows it beside its inputs. */
export const FUNDING_FORMULA_TEXT = 'F = P + clamp(I − P, −c, +c), bounded to [−cap, +cap]; P = mean over the interval of (mark − index) / index';

/** The rate a position pays at a funding time: by the formula on its own frozen parameters, else its configured rate. */
export function positionRate(pos: Pick<PositionRow, 'fundingRate' | 'fundingInterestRate' | 'fundingClamp' | 'fundingCap'>, recorded: RecordedRate | undefined, configured: () => Promise<string>): Promise<string> | string {
  const formula = formulaOf(pos);
  if (!formula) return pos.fundingRate ?? configured();
  // a time recorded before the formula (no premium kept): its rate, within the position's cap
  if (!recorded || recorded.premium === null) return boundedBy(recorded?.rate ?? '0', formula.cap);
  return fundingRateOf(recorded.premium, formula);
}

/** A recorded formula rate as the market call shows it (null: a configured rate, no inputs to show). */
const computation = (r: RecordedRate | undefined) =>
  r && r.premium !== null && r.interestRate !== null && r.clamp !== null && r.cap !== null
    ? { fundingTime: r.fundingTime.toISOString(), rate: r.rate, premium: r.premium, markPrice: r.markPrice, indexPrice: r.indexPrice, samples: r.samples ?? 0, interestRate: r.interestRate, clamp: r.clamp, cap: r.cap }
    : null;

/** The mark a funding time is paid at, with when it was recorded and whether that was within the minute before. */
interface FundingMark {
  price: string;
  at: Date;
  covered: boolean;
}

/** Funding: the rate of each funding time, the mark it is paid at, and the payments of the funding job. */
export function createFunding(ctx: PerpContext) {
  const { db, engine } = ctx;

  /**
   * The funding rate of `symbol` for the funding time `at`: the one recorded for it, else (a time the job did not
   * see coming) the rate of the terms in force at that time, recorded now so that every payment of it agrees.
   */
  async function fundingRateAt(store: Db, symbol: string, at: Date, now: Date): Promise<string> {
    // an instrument seeded after that time: its first terms
    return (await recordedRateAt(store, symbol, at, now)) ?? engine.instruments.find(symbol)!.fundingRate;
  }

  /**
   * The formula's rate of `symbol` for the funding time `at`, computed once from the samples of the interval
   * ending at it (under the terms in force at `at`) and recorded with its inputs; every later read — another
   * position, a re-run, another process — takes the recorded one.
   */
  async function formulaRateAt(store: Db, symbol: string, at: Date, now: Date): Promise<RecordedRate | undefined> {
    const existing = await recordedRate(store, symbol, at);
    if (existing) return existing;
    const terms = await fundingTermsAt(store, symbol, at);
    const formula = terms && formulaOf(terms);
    if (!terms || !formula) return undefined;
    const from = new Date(at.getTime() - terms.fundingIntervalHours * HOUR_MS);
    const { premium, mark, index, count } = premiumOf(await samplesBetween(store, symbol, from, at));
    const row = { fundingTime: at, rate: fundingRateOf(premium, formula), premium, markPrice: mark, indexPrice: index, samples: count, ...formula };
    await recordFormulaRate(store, symbol, terms.version, row, now);
    return recordedRate(store, symbol, at);
  }

  /** Records this minute's mark and index of every formula instrument that has a price (the funding job, every minute). */
  async function sample(store: Db, now: Date): Promise<void> {
    const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
    const samples = [];
    for (const terms of engine.instruments.list()) {
      if (!terms.perpetualEnabled || terms.fundingCap === null) continue;
      const tick = engine.tick(terms.symbol);
      if (!tick || !(Number(tick.bid) > 0 && Number(tick.ask) > 0 && Number(tick.price) > 0)) continue;
      samples.push({ symbol: terms.symbol, mark: markOf(tick, tick.price), index: indexOf(tick, tick.price) });
    }
    await recordSamples(store, minute, samples);
  }

  /**
   * The mark of a funding time, however late it is paid: the last price recorded at or before it — the market's
   * minute bars, or the ticks of the position's own fills when they are later (a position always opens with one
   * before its first funding time) — never a price from after it. `covered`: recorded within the minute before
   * the funding time; false when nothing was (the server was down then) and the closest earlier price is used.
   */
  async function fundingMark(store: Db, pos: PositionRow, at: Date, recorded: Map<string, { price: string; at: number } | null>): Promise<FundingMark> {
    const key = `${pos.symbol}:${at.getTime()}`;
    if (!recorded.has(key)) recorded.set(key, (await engine.priceAt(store, pos.symbol, at)) ?? null);
    let best = recorded.get(key) ?? null;
    if (!best || at.getTime() - best.at > MINUTE_MS) {
      const fill = await fillPriceBefore(store, pos.id, at);
      if (fill && (!best || fill.at.getTime() > best.at)) best = { price: fill.price, at: fill.at.getTime() };
    }
    // unreachable while every position opens with a fill; its entry is then the only price known before `at`
    if (!best) return { price: pos.entryPrice, at: pos.openedAt, covered: false };
    return { price: best.price, at: new Date(best.at), covered: at.getTime() - best.at <= MINUTE_MS };
  }

  /** One funding payment of a position for the funding time `at`, in its own transaction; false when already paid. */
  async function payFunding(store: Db, positionId: string, at: Date, rate: string, marked: FundingMark, now: Date, inputs: RecordedRate | undefined): Promise<boolean> {
    return store.transaction(async (tx) => {
      const pos = await lockPosition(tx, positionId);
      if (!pos || pos.status !== 'open') return false;
      if (await fundingPaid(tx, pos.id, at)) return false;
      const mark = marked.price;
      const settlement = await settleFundingCovered(tx, { userId: pos.userId, mode: pos.mode, side: pos.side, mark, quantity: exposure(pos.quantity, pos.quoteRate), rate, margin: pos.margin, available: await ctx.available(tx, pos.userId, pos.mode) });
      if (settlement.moves.length) await post(tx, { key: `perp-funding:${pos.id}:${at.toISOString()}`, cause: { type: 'perpetual', id: pos.id }, moves: settlement.moves }, now);
      const receipt = await engine.appendReceipt(tx, {
        kind: 'funding',
        chain: pos.symbol,
        ref: `perp:${pos.id}`,
        payload: { product: 'perpetual', positionId: pos.id, userId: pos.userId, mode: pos.mode, side: pos.side, fundingTime: at.toISOString(), rate, mark, markTime: marked.at.toISOString(), markCovered: marked.covered, quantity: pos.quantity, amount: settlement.amount.toFixed(), shortfall: settlement.shortfall.toFixed(),
          // the formula's inputs and the position's own frozen parameters: anyone can recompute the rate
          ...(formulaOf(pos) && inputs?.premium != null ? { formula: { premium: inputs.premium, samples: inputs.samples, interestRate: pos.fundingInterestRate, clamp: pos.fundingClamp, cap: pos.fundingCap } } : {}) },
      });
      await insertFunding(tx, {
        positionId: pos.id, userId: pos.userId, mode: pos.mode, at, rate, mark, markTime: marked.at, markCovered: marked.covered, quantity: pos.quantity, amount: settlement.amount.toFixed(), receiptSeq: receipt.seq, now,
      });
      await applyFunding(tx, pos.id, settlement.amount.toFixed(), settlement.fromMargin.toFixed());
      await ctx.seams.liquidation.refreshLiquidation(tx, pos.userId, pos.mode, (await lockPosition(tx, pos.id))!);
      ctx.push(tx, pos.userId, pos.mode, 'POSITION_FUNDING', { symbol: pos.symbol, positionId: pos.id });
      return true;
    });
  }

  /**
   * Pays funding for every funding time (each multiple of the instrument's interval, UTC) that has passed since
   * an open position was opened or last paid: one ledger posting and one receipt per payment, each at the rate
   * recorded for its time (fundingRateAt) and the mark recorded for it (fundingMark), so after downtime each
   * missed time is paid once at its own rate and price. Also
   * publishes the rate of each instrument's coming time. Idempotent (one row per position and funding time), so a
   * retried or doubled job pays nothing twice. `store`: the job's transaction when the job runner calls it.
   */
  async function fund(now: Date, store: Db = db): Promise<number> {
    await sample(store, now);
    const rows = await openPositionsForFunding(store);
    const published = new Set<string>();
    const recorded = new Map<string, { price: string; at: number } | null>();
    let paid = 0;
    for (const candidate of rows) {
      const terms = engine.instruments.find(candidate.symbol);
      if (!terms) continue;
      const symbolInterval = terms.fundingIntervalHours * 3_600_000;
      const next = new Date((Math.floor(now.getTime() / symbolInterval) + 1) * symbolInterval);
      // the position's own funding terms, frozen at opening: an operator's change applies to positions opened after it
      const interval = (candidate.fundingIntervalHours ?? terms.fundingIntervalHours) * 3_600_000;
      // a configured rate (forex financing) is published ahead; a formula's is known when its interval has passed
      if (!published.has(terms.symbol) && terms.fundingCap === null) {
        published.add(terms.symbol);
        await publishRate(store, { symbol: terms.symbol, at: next, rate: terms.fundingRate, termsVersion: terms.version, now });
      }
      const since = Math.max(candidate.openedAt.getTime(), candidate.lastFunded?.getTime() ?? 0);
      for (let t = (Math.floor(since / interval) + 1) * interval; t <= now.getTime(); t += interval) {
        const at = new Date(t);
        const inputs = formulaOf(candidate) ? await formulaRateAt(store, terms.symbol, at, now) : undefined;
        const rate = await positionRate(candidate, inputs, () => fundingRateAt(store, terms.symbol, at, now));
        // read before the payment's transaction opens (the market's bars are read through `store`)
        const mark = await fundingMark(store, candidate, at, recorded);
        if (await payFunding(store, candidate.id, at, rate, mark, now, inputs)) paid += 1;
      }
    }
    return paid;
  }

  /**
   * The funding of a formula symbol as the perpetual header shows it (undefined: it pays a configured rate): the
   * estimate for the coming funding time from the minutes sampled so far, and the last time's recorded rate.
   */
  async function view(symbol: string, now: Date): Promise<{ formula: string; next: NonNullable<ReturnType<typeof computation>>; last: ReturnType<typeof computation> } | undefined> {
    const terms = engine.instruments.find(symbol);
    if (!terms || terms.fundingCap === null) return undefined;
    const interval = terms.fundingIntervalHours * HOUR_MS;
    const last = new Date(Math.floor(now.getTime() / interval) * interval);
    const next = new Date(last.getTime() + interval);
    const formula = formulaOf(terms)!;
    const { premium, mark, index, count } = premiumOf(await samplesBetween(db, terms.symbol, last, next));
    const estimate = { fundingTime: next, rate: fundingRateOf(premium, formula), premium, markPrice: mark, indexPrice: index, samples: count, ...formula };
    return { formula: FUNDING_FORMULA_TEXT, next: computation(estimate)!, last: computation(await recordedRate(db, terms.symbol, last)) };
  }

  return { fund, view };
}
