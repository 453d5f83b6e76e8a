import { useState } from 'react';
import { useAtom } from 'jotai';
import { lastForexObjectAtom } from '@meridian/shared';
import { SymbolBar } from '../trade/SymbolBar';
import { useLiveQuote } from '../market/useLiveQuote';
import { SymbolPicker } from '../../pages/trade-chart/SymbolPicker';
import type { MarketQuote } from '../../api/market';

const isForexPair = (quote: MarketQuote) => quote.category === 'FOREX';

/**
 * The desktop forex tab's top bar: the same symbol bar as spot and perpetual (icon, last price with its flash, 24 h
 * change, chart link) for the pair kept in last_forex_object. Its switcher lists forex pairs only, and a choice sets
 * that pair, so the form, the chart and the bar always show one pair.
 */
export function ForexSymbolBar() {
  const [last, setLast] = useAtom(lastForexObjectAtom);
  const symbol = last.symbol;
  const live = useLiveQuote(symbol);
  const [picking, setPicking] = useState(false);
  return (
    <>
      <SymbolBar symbol={symbol} quote={live.quote ?? null} loading={live.loading} onPick={() => setPicking(true)} />
      {picking ? (
        <SymbolPicker
          current={symbol}
          only={isForexPair}
          onClose={() => setPicking(false)}
          onChoose={(next) => {
            setPicking(false);
            setLast({ symbol: next });
          }}
        />
      ) : null}
    </>
  );
}
