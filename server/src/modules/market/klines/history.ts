import { sessionsBetween } from '../hours/calendar.js';
import type { FeedInstrument } from '../feed/simulated.js';
import { DAY_MS, KAPPA, MODELS, notional, roundAmount, roundPrice, YEAR_MS } from '../feed/model.js';
import { Prng } from '../feed/prng.js';
import type { Bar } from './bar.js';
import { KLINE_INTERVAL_MS, type KlineInterval } from '@meridian/contracts';

/**
 * Deterministic history for the simulation: `count` bars of `interval` ending just before `anchorTime` (the
 * open time of the first bar that already exists), walking backward from `anchorPrice` (that bar's open, so the
 * last generated close joins it). The same (seed, symbol, interval, anchor) always gives the same bars. For
 * markets with hours, only bar slots that overlap a session are generated (no bars over weekends or nights).
 * The walk runs in floats; every price leaves it as a decimal string rounded to the instrument's decimals.
 */
export function generateHistory(
  seed: string,
  instrument: FeedInstrument,
  interval: KlineInterval,
  anchorTime: number,
  anchorPrice: string,
  count: number,
): Bar[] {
  const ms = KLINE_INTERVAL_MS[interval];
  const model = MODELS[instrument.category];
  const prng = new Prng(`${seed}:history:${instrument.symbol}:${interval}:${anchorTime}`);
  const dt = ms / YEAR_MS;
  const sigma = model.volatility * Math.sqrt(dt);
  const jumpChance = Math.min(0.5, (model.jumpsPerDay * ms) / DAY_MS);
  const logRef = Math.log(Number(instrument.referencePrice));
  const slots = openSlots(instrument, ms, anchorTime, count);
  const bars: Bar[] = [];
  let closeText = anchorPrice;
  let logClose = Math.log(Number(anchorPrice));
  for (const openTime of slots) {
    // The time-reversal of this (stationary, mean-reverting) process is the same process, so walking backward
    // with the forward rule keeps the history as plausible as the live feed.
    let r = Math.min(0.5, KAPPA * dt) * (logRef - logClose) + sigma * prng.normal();
    if (prng.next() < jumpChance) r += model.jumpSigma * prng.normal();
    const logOpen = logClose + r;
    const openText = roundPrice(Math.exp(logOpen), instrument.priceDecimals);
    const top = Math.max(logOpen, logClose) + Math.abs(prng.normal()) * sigma * 0.5;
    const bottom = Math.min(logOpen, logClose) - Math.abs(prng.normal()) * sigma * 0.5;
    const high = maxText(roundPrice(Math.exp(top), instrument.priceDecimals), openText, closeText);
    const low = minText(roundPrice(Math.exp(bottom), instrument.priceDecimals), openText, closeText);
    const volume = (notional(instrument.category, instrument.unit) * (ms / 1000) * Math.exp(0.5 * prng.normal() - 0.125)) / Math.exp(logClose);
    bars.push({ openTime, open: openText, high, low, close: closeText, volume: roundAmount(volume, instrument.amountDecimals) });
    closeText = openText;
    logClose = logOpen;
  }
  return bars.reverse();
}

/** The open times (newest first) of the `count` slots before anchorTime in which the market trades. */
function openSlots(instrument: FeedInstrument, ms: number, anchorTime: number, count: number): number[] {
  const slots: number[] = [];
  if (instrument.calendarId === 'ALWAYS') {
    for (let i = 1; i <= count; i++) slots.push(anchorTime - i * ms);
    return slots;
  }
  const chunk = Math.max(30 * DAY_MS, ms * 50);
  let loadedFrom = anchorTime;
  let sessions: [number, number][] = [];
  let index = -1;
  // Bounded: no calendar is closed for more than a few weeks in a row.
  for (let t = anchorTime - ms; slots.length < count && t > anchorTime - ms * count * 40 - 366 * DAY_MS; t -= ms) {
    if (t < loadedFrom) {
      loadedFrom = Math.min(t, loadedFrom - chunk);
      sessions = sessionsBetween(instrument.calendarId, loadedFrom, anchorTime);
      index = sessions.length - 1;
    }
    while (index >= 0 && (sessions[index] as [number, number])[0] >= t + ms) index--;
    const session = sessions[index];
    if (session && session[1] > t) slots.push(t);
  }
  return slots;
}

function maxText(...values: string[]): string {
  return values.reduce((a, b) => (Number(b) > Number(a) ? b : a));
}
function minText(...values: string[]): string {
  return values.reduce((a, b) => (Number(b) < Number(a) ? b : a));
}
