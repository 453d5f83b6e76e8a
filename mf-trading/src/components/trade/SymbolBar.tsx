import { Link } from 'react-router-dom';
import { CoinIcon, instrumentPriceDecimals, formatQuotePrice } from '@meridian/shared';
import type { MarketQuote } from '../../api/market';
import { direction, formatChangePercent } from '../market/quotes';
import { coinOf } from '../market/coin';
import { flashClassName, usePriceFlash } from '../market/usePriceFlash';
import { useT } from '../../i18n';
import { chartUrl } from '../../paths';
import marketStyles from '../market/market.module.css';
import styles from './trade.module.css';

/**
 * The trade screen's top bar: the market (a button opening the switcher), its last price and 24 h change with an
 * arrow as well as colour, and the way to its chart. The price and its change always sit on two lines: side by side
 * they wrapped or not depending on the digits of the day, and the bar jumped when they did (CLS on phones).
 */
export function SymbolBar({ symbol, quote, loading, onPick }: { symbol: string; quote: MarketQuote | null | undefined; loading: boolean; onPick: () => void }) {
  const { t } = useT();
  const trend = direction(quote?.changePercent);
  // the same brief flash as the quote lists when the price moves (background only: the price's box keeps its size)
  const flash = usePriceFlash(quote?.price);
  const flashClass = flash ? marketStyles[flashClassName(flash)!] : '';
  // before the quote names its category and unit, a …USDT symbol is taken for a crypto pair (the icon's box is fixed either way)
  const coin = coinOf(quote ?? { symbol, unit: 'USDT', category: symbol.endsWith('USDT') ? 'CRYPTO' : 'FOREX' });
  return (
    <div className={styles.symbolBar} data-testid="symbol-bar">
      <button type="button" className={styles.symbolButton} onClick={onPick} aria-label={t('changeMarket', { symbol })} data-testid="trade-symbol">
        <CoinIcon coin={coin.coin} icon={coin.icon} size={24} />
        <span className={styles.symbolText}>{symbol}</span>
        <span aria-hidden="true">▾</span>
      </button>
      <div className={styles.symbolPrice} aria-live="off">
        {quote ? (
          <>
            <span
              key={flash?.n ?? 0}
              className={`${styles.symbolLast} ${marketStyles[trend]} ${flashClass}`.trimEnd()}
              data-flash={flash?.dir}
              data-testid="trade-last"
            >
              {formatQuotePrice(quote.price, instrumentPriceDecimals(quote))}
            </span>
            <span className={styles.symbolChangeLine}>
              <span className={`${styles.symbolChange} ${marketStyles[trend]}`} data-testid="trade-change" data-direction={trend}>
                <span aria-hidden="true">{trend === 'up' ? '▲ ' : trend === 'down' ? '▼ ' : ''}</span>
                {formatChangePercent(quote.changePercent)}
              </span>
              {quote.marketOpen === false ? <span className={marketStyles.closed}>{t('marketClosed')}</span> : null}
            </span>
          </>
        ) : (
          // the price's own box, blank until the quote: a spinner there was taller than the bar it then left
          <span className={`${styles.symbolLast} ${styles.muted}`} aria-busy={loading}>
            —
          </span>
        )}
      </div>
      <Link className={styles.chartLink} to={chartUrl(symbol)} aria-label={t('openChart', { symbol })} data-testid="trade-chart-link">
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M3 3v18h18" />
          <path d="M7 15l4-4 3 3 5-6" />
        </svg>
        <span className={styles.chartLabel}>{t('tradeChartTitle')}</span>
      </Link>
    </div>
  );
}
