import { AppLink, QueryState } from '@meridian/shared';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { useIpos } from './parts/offers-api';
import { screenTime, StatusBadge } from './parts/Status';
import styles from './parts/offers.module.css';

/**
 * The IPOs for the stock home: those open or coming first (at most three), each with its issue price and window,
 * and a link to the IPO screen where one subscribes and sees the allocation proof.
 */
export function IpoSection() {
  const { t } = useT();
  const ipos = useIpos();
  return (
    <section className={styles.section} aria-labelledby="ipo-section-title" data-testid="ipo-section">
      <h2 id="ipo-section-title" className={styles.sectionTitle}>
        {t('ipoTitle')}
        <AppLink href={P.ipo} className={styles.link}>
          {t('ipoSeeAll')}
        </AppLink>
      </h2>
      <QueryState query={ipos} isEmpty={(list) => list.length === 0} emptyTitle={t('ipoNone')}>
        {(list) => (
          <ul className={styles.cards}>
            {[...list]
              .sort((a, b) => rank(a.phase) - rank(b.phase))
              .slice(0, 3)
              .map((ipo) => (
                <li key={ipo.id} className={styles.card}>
                  <div className={styles.head}>
                    <AppLink href={P.ipo} className={styles.symbol}>
                      {ipo.symbol}
                    </AppLink>
                    <StatusBadge status={ipo.phase} />
                  </div>
                  <p className={styles.muted}>
                    {ipo.name} · {t('ipoIssuePrice')} {ipo.issuePrice} {ipo.currency} · {screenTime(ipo.subscribeFrom)} – {screenTime(ipo.subscribeUntil)}
                  </p>
                </li>
              ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

const ORDER = ['open', 'upcoming', 'closed', 'allocated', 'listed', 'canceled'];
const rank = (phase: string) => ORDER.indexOf(phase);
