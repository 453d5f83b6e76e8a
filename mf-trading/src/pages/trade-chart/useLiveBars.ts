import { useState } from 'react';
import { useQuote, type Quote } from '@meridian/shared';
import type { Bar, KlineInterval } from '../../api/market';
import { applyTick, type Tick } from './candles';

interface LiveBars {
  history: readonly Bar[] | null;
  quote: Quote | undefined;
  bars: readonly Bar[] | null;
}

/** A stream quote as a trade: its price and time (one without a usable price or time cannot be placed). */
function tickOf(quote: Quote): Tick | null {
  const price = String(quote.price);
  if (!/^-?\d+(\.\d+)?$/.test(price) || typeof quote.time !== 'number') return null;
  return { price, time: quote.time };
}

/**
 * The server's K-lines with every later quote of the market stream merged into the last bar (or opening the
 * next one). The quote present when the history arrives is taken as already in it; only newer ones apply.
 */
export function useLiveBars(history: readonly Bar[] | null, symbol: string, interval: KlineInterval): readonly Bar[] | null {
  const quote = useQuote(symbol);
  const [state, setState] = useState<LiveBars>({ history, quote, bars: history });

  // state adjusted during render (not in an effect), so a tick never paints the previous bars first
  let next = state;
  if (history !== state.history) next = { history, quote, bars: history };
  else if (quote !== state.quote) {
    const tick = quote ? tickOf(quote) : null;
    next = { history, quote, bars: state.bars && tick ? applyTick(state.bars, tick, interval) : state.bars };
  }
  if (next !== state) setState(next);
  return next.bars;
}
