import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { stocks } from '@meridian/contracts';
import { AppLink, Card, NotFoundState, Page, QueryState, formatExact, formatPrice, useApiQuery } from '@meridian/shared';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { orderHref, useSingleStock } from '../../../stock-core/api';
import { Change, RateNotice } from '../../../stock-core/parts';
import { StockChart } from '../../../stock-core/StockChart';
import { TradingHoursNotice } from '../../../stock-core/TradingHoursNotice';
import styles from '../../../stock-core/stock.module.css';

const INTERVALS = [
  ['1m', 'stockInterval1m'],
  ['15m', 'stockInterval15m'],
  ['1h', 'stockInterval1h'],
  ['1d', 'stockInterval1d'],
] as const;

/**
 * /pages/stock/stock-detail?symbol= — one stock: last price, previous close and change, the day's range, venue and
 * hours (the Trading Hours Notice with the next opening while closed), the sessions-only chart, buy and sell.
 */
export function StockDetailPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').trim();
  const stock = useSingleStock(symbol);
  const [interval, setInterval] = useState<(typeof INTERVALS)[number][0]>('1d');
  const chart = useApiQuery(stocks.chart, { symbol, interval, limit: 120 }, { enabled: symbol !== '' });
  if (!symbol) {
    return (
      <Page title={t('stockDetailTitle')}>
        <NotFoundState>
          <AppLink href={P.stockSearch}>{t('stockSearchTitle')}</AppLink>
        </NotFoundState>
      </Page>
    );
  }
  return (
    <Page title={stock.data ? `${stock.data.symbol} · ${stock.data.name}` : t('stockDetailTitle')}>
      <QueryState query={stock} notFound={<AppLink href={P.stockSearch}>{t('stockSearchTitle')}</AppLink>}>
        {(s) => (
          <>
            <RateNotice currency={s.currency} />
            <div className={styles.grid}>
              <Card className={styles.card}>
                <div className={styles.row}>
                  <strong className={styles.figure} data-testid="stock-ltp">
                    {formatPrice(s.price, s.priceDecimals)} {s.currency}
                  </strong>
                  <Change percent={s.changePercent} />
                </div>
                <dl className={styles.facts}>
                  <dt>{t('stockPreviousClose')}</dt>
                  <dd data-testid="stock-previous-close">{s.previousClose !== null ? `${formatPrice(s.previousClose, s.priceDecimals)} ${s.currency}` : '—'}</dd>
                  <dt>{t('stockDayRange')}</dt>
                  <dd>{s.dayLow !== null && s.dayHigh !== null ? `${formatPrice(s.dayLow, s.priceDecimals)} – ${formatPrice(s.dayHigh, s.priceDecimals)}` : '—'}</dd>
                  <dt>{t('stockVenue')}</dt>
                  <dd>{`${s.exchange} · ${s.venue === 'US' ? t('stockMarketUs') : t('stockMarketTse')}`}</dd>
                  <dt>{t('stockLot')}</dt>
                  <dd>{t('stockSharesCount', { shares: String(s.lotSize) })}</dd>
                  {s.priceUsdt ? (
                    <>
                      <dt>{t('stockPriceInUsdt')}</dt>
                      <dd>{`${formatExact(s.priceUsdt.value)} USDT`}<br /><span className={styles.muted}>{t('stockRateUsed', { rate: s.priceUsdt.rate, currency: s.currency, version: String(s.priceUsdt.rateVersion) })}</span></dd>
                    </>
                  ) : null}
                </dl>
                <div className={styles.links}>
                  <AppLink className={styles.chip} href={orderHref(s.symbol, 'buy')} data-testid="stock-buy-link">{t('stockBuy')}</AppLink>
                  <AppLink className={styles.chip} href={orderHref(s.symbol, 'sell')} data-testid="stock-sell-link">{t('stockSell')}</AppLink>
                </div>
              </Card>
              <TradingHoursNotice session={s.session} />
            </div>
            <Card className={styles.card}>
              <div className={styles.segmented} role="group" aria-label={t('stockChartInterval')}>
                {INTERVALS.map(([value, label]) => (
                  <button key={value} type="button" className={styles.chip} aria-pressed={interval === value} onClick={() => setInterval(value)}>
                    {t(label)}
                  </button>
                ))}
              </div>
              <QueryState query={chart}>{(c) => <StockChart bars={c.bars} label={t('stockChartLabel', { symbol: s.symbol })} />}</QueryState>
            </Card>
          </>
        )}
      </QueryState>
    </Page>
  );
}
