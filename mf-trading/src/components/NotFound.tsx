import { Link } from 'react-router-dom';
import { Page } from '@meridian/shared';
import { useT } from '../i18n';
import type { Area } from '../paths';
import styles from './area.module.css';

/** An unknown path under one of this remote's prefixes. */
export function NotFound({ area }: { area: Area }) {
  const { t } = useT();
  return (
    <Page title={t('notFoundTitle')} subtitle={t('notFoundHint')}>
      <Link className={styles.backLink} to={area.index}>
        {t('backTo', { area: t(area.title) })}
      </Link>
    </Page>
  );
}
