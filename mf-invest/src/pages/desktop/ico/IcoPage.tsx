import { Page } from '@meridian/shared';
import { useT } from '../../../i18n';
import { IcoScreen } from '../../ico/parts/IcoScreen';

/** /pages/desktop/ico — the token offerings screen in the desktop layout. */
export function DesktopIcoPage() {
  const { t } = useT();
  return (
    <Page title={t('icoTitle')}>
      <IcoScreen layout="desktop" />
    </Page>
  );
}
