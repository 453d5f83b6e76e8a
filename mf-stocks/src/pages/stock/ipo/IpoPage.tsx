import { Page, QueryState, useIsLoggedIn } from '@meridian/shared';
import { useT } from '../../../i18n';
import { IpoCard, IpoSubscriptionCard } from './parts/IpoCards';
import { useIpos, useMyIpos } from './parts/offers-api';
import styles from './parts/offers.module.css';

/**
 * /pages/stock/ipo — the IPOs (terms, window, draw and listing times, the seed's hash), subscribing in whole lots
 * with the cost held from the spot wallet, and the user's subscriptions with their allocation proof.
 */
export function StockIpoPage() {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  const ipos = useIpos();
  const mine = useMyIpos(loggedIn);
  return (
    <Page title={t('ipoTitle')} subtitle={t('ipoSubtitle')}>
      <div className={styles.columns}>
        <section className={styles.section} aria-labelledby="ipo-list-title">
          <h2 id="ipo-list-title" className={styles.sectionTitle}>
            {t('ipoListTitle')}
          </h2>
          <QueryState query={ipos} isEmpty={(list) => list.length === 0} emptyTitle={t('ipoNone')}>
            {(list) => (
              <ul className={styles.cards} data-testid="ipo-list">
                {list.map((ipo) => (
                  <IpoCard key={ipo.id} ipo={ipo} />
                ))}
              </ul>
            )}
          </QueryState>
        </section>
        <section className={styles.section} aria-labelledby="ipo-mine-title">
          <h2 id="ipo-mine-title" className={styles.sectionTitle}>
            {t('ipoMineTitle')}
          </h2>
          {loggedIn ? (
            <QueryState query={mine} isEmpty={(page) => page.list.length === 0} emptyTitle={t('ipoMineNone')}>
              {(page) => (
                <ul className={styles.cards} data-testid="ipo-mine">
                  {page.list.map((sub) => (
                    <IpoSubscriptionCard key={sub.id} sub={sub} />
                  ))}
                </ul>
              )}
            </QueryState>
          ) : (
            <p className={styles.muted}>{t('offerLoginFirst')}</p>
          )}
        </section>
      </div>
    </Page>
  );
}
