import { Page } from '@meridian/shared';
import { MarketBoard } from '../../../components/market/MarketBoard';
import { MarketSearchForm } from '../../../components/market/MarketSearchForm';
import { useT } from '../../../i18n';

/** /pages/desktop/market — the desktop start page: the market search and the live quotes as a dense table (the top navigation leads on). */
export function DesktopMarketPage() {
  const { t } = useT();
  return (
    <Page title={t('quoteTitle')} subtitle={t('quoteDescription')}>
      <MarketSearchForm />
      <MarketBoard dense />
    </Page>
  );
}
