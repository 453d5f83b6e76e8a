import { Page } from '@meridian/shared';
import { TradeScreen } from '../../../components/trade/TradeScreen';
import { useT } from '../../../i18n';

/** /pages/desktop/trade — the desktop trading grid: chart, book and prints, order form, lists below. */
export function DesktopTradePage() {
  const { t } = useT();
  return (
    <Page title={t('tradeMarginTitle')}>
      <TradeScreen layout="desktop" />
    </Page>
  );
}
