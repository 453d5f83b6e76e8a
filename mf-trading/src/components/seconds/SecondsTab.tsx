import { useCallback, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { seconds } from '@meridian/contracts';
import { ErrorState, Spinner, useApiQuery } from '@meridian/shared';
import type { MarketQuote } from '../../api/market';
import { useT } from '../../i18n';
import { SecondsForm } from './SecondsForm';
import { SecondsLists } from './SecondsLists';
import { SecondsChart, SecondsResults } from './SecondsLive';
import type { SecondsPrefill } from './result';
import type { SecondsContract } from './terms';
import tradeStyles from '../trade/trade.module.css';
import styles from './seconds.module.css';

/** The form on the symbol's products (the operator's durations, ratios and stake limits), or why there is none. */
function SecondsPanel({
  symbol,
  quote,
  priceDecimals,
  prefill,
  onBought,
}: {
  symbol: string;
  quote: MarketQuote | null;
  priceDecimals: number | null;
  prefill: SecondsPrefill | null;
  onBought: (contract: SecondsContract) => void;
}) {
  const { t } = useT();
  const products = useApiQuery(seconds.productList, { symbol });
  if (products.isLoading) return <Spinner />;
  if (products.isError || !products.data) return <ErrorState title={t('listFailed')} onRetry={() => void products.refetch()} />;
  if (products.data.length === 0) return <p className={tradeStyles.notice}>{t('secondsNotOffered', { symbol })}</p>;
  return <SecondsForm key={symbol} symbol={symbol} products={products.data} quote={quote} priceDecimals={priceDecimals} prefill={prefill?.symbol === symbol ? prefill : null} onBought={onBought} />;
}

/**
 * The trade screen's Seconds tab: the symbol bar and tabs on top (`top`), the live chart with the open contracts'
 * entry lines and countdowns (above the form on the phone, beside it on the desktop grid), the open and history
 * lists below; and each contract's result sheet when it settles, whose "Trade again" fills the form the same way.
 */
export function SecondsTab({
  layout,
  symbol,
  quote,
  priceDecimals,
  top,
  picker,
}: {
  layout: 'phone' | 'desktop';
  symbol: string;
  quote: MarketQuote | null;
  priceDecimals: number | null;
  top: ReactNode;
  picker: ReactNode;
}) {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const [prefill, setPrefill] = useState<SecondsPrefill | null>(null);
  // the contracts bought on this screen: each one's result sheet is shown when it settles
  const [bought, setBought] = useState<ReadonlyMap<string, SecondsContract>>(() => new Map());
  const onBought = useCallback((contract: SecondsContract) => setBought((all) => new Map(all).set(contract.id, contract)), []);
  const panel = <SecondsPanel symbol={symbol} quote={quote} priceDecimals={priceDecimals} prefill={prefill} onBought={onBought} />;
  const chart = <SecondsChart symbol={symbol} priceDecimals={priceDecimals} layout={layout} />;
  const results = (
    <SecondsResults
      watched={bought}
      symbol={symbol}
      priceDecimals={priceDecimals}
      layout={layout}
      onTradeAgain={(next) => {
        setPrefill({ ...next, nonce: Date.now() });
        if (next.symbol !== symbol) {
          const out = new URLSearchParams(params);
          out.set('symbol', next.symbol);
          setParams(out);
        }
      }}
    />
  );
  if (layout === 'desktop')
    return (
      <div className={`${tradeStyles.desktop} ${styles.desktop}`} data-testid="trade-desktop">
        <div className={tradeStyles.desktopBar}>{top}</div>
        <section className={tradeStyles.desktopChart} aria-label={t('tradeChartTitle')}>
          {chart}
        </section>
        <div className={tradeStyles.desktopForm}>{panel}</div>
        <div className={tradeStyles.desktopLists}>
          <SecondsLists layout={layout} />
        </div>
        {picker}
        {results}
      </div>
    );
  return (
    <div className={tradeStyles.screen} data-testid="trade-phone">
      {top}
      <section aria-label={t('tradeChartTitle')}>{chart}</section>
      {panel}
      <SecondsLists layout={layout} />
      {picker}
      {results}
    </div>
  );
}
