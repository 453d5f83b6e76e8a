import { Link } from 'react-router-dom';
import { NotFoundScreen } from '@meridian/shared';
import { useT } from '../i18n';
import type { Area } from '../paths';

/** An unknown path under one of this remote's prefixes. */
export function NotFound({ area }: { area: Area }) {
  const { t } = useT();
  return (
    <NotFoundScreen
      title={t('notFoundTitle')}
      hint={t('notFoundHint')}
      back={(className) => (
        <Link className={className} to={area.index}>
          {t('backTo', { area: t(area.title) })}
        </Link>
      )}
    />
  );
}
