import { Link } from 'react-router-dom';
import { Page } from '@meridian/shared';
import { useT } from '../i18n';
import type { PendingRoute } from '../paths';
import styles from './area.module.css';

/** A linked screen that a later issue builds: its title, the common "coming next" note and a way back. */
export function AreaPending({ route }: { route: PendingRoute }) {
  const { t, tc } = useT();
  return (
    <Page title={t(route.title)}>
      <p className={styles.note} data-testid="area-pending">
        {tc('comingNext')}
      </p>
      <Link className={styles.backLink} to={route.area}>
        {t('backTo', { area: t(route.areaTitle) })}
      </Link>
    </Page>
  );
}
