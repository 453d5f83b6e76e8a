import { useTranslation } from 'react-i18next';
import { AppLink, Spinner } from '@meridian/shared';
import { mapUrlOf, useRegions } from './regions';
import styles from './location.module.css';

/** /open-location — the system page that shows the chosen country or region and opens it on a map. */
export function OpenLocationPage() {
  const { t } = useTranslation('shell');
  const { list, chosen, located } = useRegions();
  // until the user chooses, the place located by the connection stands in, and the page says so
  const place = chosen ?? located;
  return (
    <main className={styles.page} aria-labelledby="open-location-title">
      <h1 id="open-location-title" className={styles.title}>
        {t('openLocationTitle')}
      </h1>
      {list.isPending && !place ? <Spinner /> : null}
      <section className={styles.card} data-testid="location-place">
        <p className={styles.hint}>{chosen ? t('openLocationChosen') : t('openLocationLocated')}</p>
        {place ? <p className={styles.place}>{`${place.name} (${place.iso2} · +${place.code})`}</p> : <p className={styles.hint}>{t('openLocationUnknown')}</p>}
        <div className={styles.actions}>
          {place ? (
            <a href={mapUrlOf(place)} target="_blank" rel="noopener noreferrer">
              {t('openLocationMap')}
            </a>
          ) : null}
          <AppLink href="/choose-location?back=/open-location">{t('openLocationChange')}</AppLink>
        </div>
      </section>
    </main>
  );
}
