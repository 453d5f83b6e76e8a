import { Link } from 'react-router-dom';
import { NotFoundScreen } from '@meridian/shared';
import { useT } from '../i18n';
import type { Area } from '../paths';

/** An unknown path under one of this remote's prefixes. */
export function NotFound({ area }: { area: Area }) {
  const { t, tc } = useT();
  return (
    <NotFoundScreen
      title={tc('notFoundTitle')}
      hint={tc('notFoundHint')}
      back={(className) => (
        <Link className={className} to={area.index}>
          {tc('backTo', { area: t(area.title) })}
        </Link>
      )}
    />
  );
}
