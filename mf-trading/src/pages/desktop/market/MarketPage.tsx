import { Page } from '@meridian/shared';
import { MarketBoard } from '../../../components/market/MarketBoard';
import { useT } from '../../../i18n';

/** /pages/desktop/market — the desktop start page: the live quotes as a dense table (the top navigation leads on). */
export function DesktopMarketPage() {
  const { t } = useT();
  return (
    <Page title={t('quoteTitle')} subtitle={t('quoteDescription')}>
      <MarketBoard dense />
    </Page>
  );
}
