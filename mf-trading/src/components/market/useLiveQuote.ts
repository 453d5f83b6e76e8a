import * as contracts from '@meridian/contracts';
import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { lastCurrencyObjectAtom, lastForexObjectAtom, queryOf, useQuote } from '@meridian/shared';
import type { MarketQuote } from '../../api/market';
import { LOUD, useSnapshot } from './useSnapshot';

/** The REST quote (24 h statistics) with the stream's later quotes of the same symbol on top. */
export function useLiveQuote(symbol: string) {
  const snapshot = useSnapshot<MarketQuote>(queryOf(contracts.market.price, { symbol }, LOUD));
  const live = useQuote(symbol) as Partial<MarketQuote> | undefined;
  const rest = snapshot.data;
  const quote = rest && live && typeof live.time === 'number' && live.time >= rest.time ? { ...rest, ...live, symbol: rest.symbol } : rest;
  return { ...snapshot, quote };
}

/** Remembers the market viewed last in the session's persisted keys: forex pairs apart, as the spec keeps them. */
export function useRememberViewed(quote: MarketQuote | null) {
  const setLastCurrency = useSetAtom(lastCurrencyObjectAtom);
  const setLastForex = useSetAtom(lastForexObjectAtom);
  const symbol = quote?.symbol;
  const forex = quote?.category === 'FOREX';
  const isIco = quote?.isIco === 1 ? 1 : 0;
  useEffect(() => {
    if (!symbol) return;
    if (forex) setLastForex({ symbol });
    else setLastCurrency({ symbol, isIco });
  }, [symbol, forex, isIco, setLastCurrency, setLastForex]);
}
