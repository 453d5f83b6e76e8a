import { AppLink, formatPercent, formatPrice, compareExact } from '@meridian/shared';
import { useT } from '../i18n';
import { detailHref, useStockRates } from './api';
import styles from './stock.module.css';

/** What the stock lists show of a stock (contracts StockQuote). */
export interface QuoteLike {
  symbol: string;
  name: string;
  price: string;
  currency: 'USD' | 'JPY';
  changePercent: string | null;
  priceDecimals: number;
  marketOpen: boolean;
}

/** A change as the screens colour it: up green, down red, none plain. */
export function Change({ percent }: { percent: string | null }) {
  const { t } = useT();
  if (percent === null) return <span className={styles.muted}>{t('stockNoPreviousClose')}</span>;
  const sign = compareExact(percent, 0);
  return <span className={sign > 0 ? styles.up : sign < 0 ? styles.down : undefined}>{formatPercent(percent, { signed: true })}</span>;
}

/** A list of stocks, each a link to its detail: symbol and name, last price in its currency, change. */
export function StockList({ stocks, testId }: { stocks: readonly QuoteLike[]; testId?: string }) {
  return (
    <ul className={styles.list} data-testid={testId}>
      {stocks.map((s) => (
        <li key={s.symbol} className={styles.item}>
          <AppLink href={detailHref(s.symbol)} className={styles.name} data-testid={`stock-link-${s.symbol}`}>
            <strong>{s.symbol}</strong>
            <span className={styles.muted}>{s.name}</span>
          </AppLink>
          <span className={styles.figure}>
            {formatPrice(s.price, s.priceDecimals)} {s.currency}
            <br />
            <Change percent={s.changePercent} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Says clearly when the operator has not set a currency's USDT rate yet: orders in it are refused until then. */
export function RateNotice({ currency }: { currency?: 'USD' | 'JPY' }) {
  const { t } = useT();
  const rates = useStockRates();
  if (!rates.data) return null;
  const missing = (['USD', 'JPY'] as const).filter((c) => (!currency || c === currency) && rates.data[c] === null);
  if (!missing.length) return null;
  return (
    <p className={styles.notice} role="status" data-testid="stock-rate-missing">
      {t('stockRateMissing', { currencies: missing.join(', ') })}
    </p>
  );
}
