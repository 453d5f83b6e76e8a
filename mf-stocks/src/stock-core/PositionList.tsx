import { AppLink, QueryState, compareExact, formatMoney, formatPercent, formatSigned } from '@meridian/shared';
import { useT } from '../i18n';
import { detailHref, usePositions } from './api';
import styles from './stock.module.css';

/** The user's ordinary stock positions, each with its value in USDT and P/L (the stock home and the wallet's slot). */
export function PositionList({ testId }: { testId: string }) {
  const { t } = useT();
  const positions = usePositions('stock');
  return (
    <QueryState query={positions} isEmpty={(d) => d.length === 0} emptyTitle={t('stockNoPositions')}>
      {(list) => (
        <ul className={styles.list} data-testid={testId}>
          {list.map((p) => (
            <li key={p.symbol} className={styles.item}>
              <AppLink href={detailHref(p.symbol)} className={styles.name}>
                <strong>{p.symbol}</strong>
                <span className={styles.muted}>{t('stockSharesCount', { shares: p.shares })}</span>
              </AppLink>
              <span className={styles.figure}>
                {p.marketValueUsdt ? `${formatMoney(p.marketValueUsdt.value)} USDT` : `${p.marketValue} ${p.currency}`}
                <br />
                <span className={compareExact(p.pnl, 0) < 0 ? styles.down : styles.up}>{p.pnlPercent !== null ? formatPercent(p.pnlPercent, { signed: true }) : formatSigned(p.pnl, 2)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
