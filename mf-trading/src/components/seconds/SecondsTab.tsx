import type { ReactNode } from 'react';
import { seconds } from '@meridian/contracts';
import { call, ErrorState, Spinner, useApiQuery } from '@meridian/shared';
import type { MarketQuote } from '../../api/market';
import { useT } from '../../i18n';
import { SecondsForm } from './SecondsForm';
import { SecondsLists } from './SecondsLists';
import tradeStyles from '../trade/trade.module.css';
import styles from './seconds.module.css';

/** The form on the symbol's products (the operator's durations, ratios and stake limits), or why there is none. */
function SecondsPanel({ symbol, quote, priceDecimals }: { symbol: string; quote: MarketQuote | null; priceDecimals: number | null }) {
  const { t } = useT();
  const products = useApiQuery(seconds.productList.path, { symbol }, (input) => call(seconds.productList, input));
  if (products.isLoading) return <Spinner />;
  if (products.isError || !products.data) return <ErrorState title={t('listFailed')} onRetry={() => void products.refetch()} />;
  if (products.data.length === 0) return <p className={tradeStyles.notice}>{t('secondsNotOffered', { symbol })}</p>;
  return <SecondsForm key={symbol} symbol={symbol} products={products.data} quote={quote} priceDecimals={priceDecimals} />;
}

/**
 * The trade screen's Seconds tab: the symbol bar and tabs on top (`top`), the form beside the chart on the desktop
 * grid (`chart`), the open and history lists below.
 */
export function SecondsTab({
  layout,
  symbol,
  quote,
  priceDecimals,
  top,
  chart,
  picker,
}: {
  layout: 'phone' | 'desktop';
  symbol: string;
  quote: MarketQuote | null;
  priceDecimals: number | null;
  top: ReactNode;
  chart: ReactNode;
  picker: ReactNode;
}) {
  const { t } = useT();
  const panel = <SecondsPanel symbol={symbol} quote={quote} priceDecimals={priceDecimals} />;
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
      </div>
    );
  return (
    <div className={tradeStyles.screen} data-testid="trade-phone">
      {top}
      {panel}
      <SecondsLists layout={layout} />
      {picker}
    </div>
  );
}
