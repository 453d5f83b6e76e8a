import { useId, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ErrorState, navigate, regionAtom, Spinner } from '@meridian/shared';
import { useRegions } from './regions';
import styles from './location.module.css';

/** Only a path of this app may be the way back (no other site through ?back=). */
const backOf = (search: string) => {
  const back = new URLSearchParams(search).get('back') ?? '';
  return back.startsWith('/') && !back.startsWith('//') ? back : '/open-location';
};

/** /choose-location — the system page where the user picks the country or region the app is used from. */
export function ChooseLocationPage() {
  const { t } = useTranslation('shell');
  const { list, regions, chosenIso, located } = useRegions();
  const choose = useSetAtom(regionAtom);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const needle = query.trim().toLocaleLowerCase();
  const shown = needle ? regions.filter((r) => r.name.toLocaleLowerCase().includes(needle) || r.iso2.toLowerCase() === needle || `+${r.code}`.includes(needle)) : regions;
  const current = chosenIso ?? located?.iso2 ?? null;

  const pick = (iso2: string) => {
    choose(iso2);
    navigate(backOf(window.location.search));
  };

  return (
    <main className={styles.page} aria-labelledby="choose-location-title">
      <h1 id="choose-location-title" className={styles.title}>
        {t('chooseLocationTitle')}
      </h1>
      <p className={styles.hint}>{t('chooseLocationHint')}</p>
      <label htmlFor={searchId} className={styles.hint}>
        {t('chooseLocationSearch')}
      </label>
      <input id={searchId} className={styles.search} type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      {list.isPending ? <Spinner /> : null}
      {list.isError ? <ErrorState onRetry={() => void list.refetch()} /> : null}
      {list.isSuccess && shown.length === 0 ? <p className={styles.hint}>{t('chooseLocationNone')}</p> : null}
      {shown.length > 0 ? (
        <ul className={styles.list} data-testid="location-list">
          {shown.map((r) => (
            <li key={r.iso2}>
              <button type="button" className={styles.option} aria-pressed={r.iso2 === current} onClick={() => pick(r.iso2)}>
                <span>{r.name}</span>
                <span className={styles.code}>{`${r.iso2} · +${r.code}`}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </main>
  );
}
