import { Page } from '@meridian/shared';
import { useT } from '../../../i18n';
import { IcoScreen } from '../parts/IcoScreen';

/** /pages/ico/index — token offerings (IEO) and allotments: the lists, subscribing, my subscriptions and their draw. */
export function IcoIndexPage() {
  const { t } = useT();
  return (
    <Page title={t('icoTitle')}>
      <IcoScreen />
    </Page>
  );
}
