import { AppLink, QueryState, combineQueries, useApiQuery } from '@meridian/shared';
import { invest, LIST_SIZE } from '../api/invest';
import { money, when } from '../components/invest/parts';
import { useT } from '../i18n';
import { P } from '../paths';
import styles from '../components/invest/invest.module.css';

/**
 * The wealth wallet's holdings as mf_accounts shows them (this remote's wallet.holdings slot, on the wallet tab and
 * the desktop wealth page): each locked miner and each financing subscription still holding, with what it has
 * paid and its next payout.
 */
export function EarnHoldings() {
  const { t } = useT();
  const miners = useApiQuery(invest.smartPoolOrders, { status: 'locked', page: 1, size: LIST_SIZE });
  const financing = useApiQuery(invest.financingOrders, { status: 'holding', page: 1, size: LIST_SIZE });
  return (
    <QueryState query={combineQueries(miners, financing)} errorTitle={t('loadFailed')}>
      {([m, f]) =>
        m.list.length + f.list.length === 0 ? (
          // the same box as the spinner it replaces (the wallet lists this section first: it must not move the
          // sections below it when it settles)
          <div className={styles.holdingsEmpty} data-testid="earn-holdings-empty">
            <span className={styles.holdingsMark} aria-hidden="true" />
            <span>{t('noHoldings')}</span>
          </div>
        ) : (
        <ul className={styles.cards} data-testid="earn-holdings">
          {m.list.map((o) => (
            <li key={`m${o.id}`} className={styles.card} data-testid="earn-holding">
              <AppLink className={styles.cardTitle} href={P.smartPoolMyOrder}>
                {o.name}
              </AppLink>
              <p className={styles.muted}>{t('holdingMiner', { amount: money(o.amount, o.asset), revenue: money(o.revenue, o.asset), next: when(o.nextPayoutAt) })}</p>
            </li>
          ))}
          {f.list.map((o) => (
            <li key={`f${o.id}`} className={styles.card} data-testid="earn-holding">
              <AppLink className={styles.cardTitle} href={P.historyFinancing}>
                {o.name}
              </AppLink>
              <p className={styles.muted}>{t('holdingFinancing', { amount: money(o.amount, o.asset), interest: money(o.interest, o.asset), date: when(o.maturesAt) })}</p>
            </li>
          ))}
        </ul>
        )
      }
    </QueryState>
  );
}
