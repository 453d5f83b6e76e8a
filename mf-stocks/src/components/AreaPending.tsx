import { Link } from 'react-router-dom';
import { PendingScreen } from '@meridian/shared';
import { useT } from '../i18n';
import type { PendingRoute } from '../paths';

/** A linked screen that a later issue builds: its title, the common "coming next" note and a way back. */
export function AreaPending({ route }: { route: PendingRoute }) {
  const { t, tc } = useT();
  return (
    <PendingScreen
      title={t(route.title)}
      note={tc('comingNext')}
      back={(className) => (
        <Link className={className} to={route.area}>
          {tc('backTo', { area: t(route.areaTitle) })}
        </Link>
      )}
    />
  );
}
