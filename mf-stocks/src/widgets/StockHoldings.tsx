import { AppLink, compareExact, formatMoney, formatPercent, formatSigned } from '@meridian/shared';
import { useT } from '../i18n';
import { P } from '../paths';
import { useMarketValue } from '../stock-core/api';
import { PositionList } from '../stock-core/PositionList';
import styles from '../stock-core/stock.module.css';

/**
 * The user's stock positions as mf_accounts shows them (this remote's wallet.holdings slot, on the wallet tab and the
 * desktop spot page: stocks are bought with spot USDT): the total value and P/L in USDT, then each position.
 */
export function StockHoldings() {
  const { t } = useT();
  const value = useMarketValue('stock');
  const v = value.data;
  return (
    <div className={styles.stack} data-testid="stock-holdings">
      {v && v.positions > 0 ? (
        <p className={styles.muted} data-testid="stock-holdings-total">
          {t('stockHoldingsTotal', { value: formatMoney(v.marketValueUsdt), pnl: formatSigned(v.pnlUsdt, 2) })}
          {v.pnlPercent !== null ? (
            <span className={compareExact(v.pnlUsdt, 0) < 0 ? styles.down : styles.up}> ({formatPercent(v.pnlPercent, { signed: true })})</span>
          ) : null}
        </p>
      ) : null}
      <PositionList testId="stock-holdings-list" />
      <AppLink href={P.stock} className={styles.link}>
        {t('stockHoldingsOpen')}
      </AppLink>
    </div>
  );
}
