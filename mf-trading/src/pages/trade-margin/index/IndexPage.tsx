import { Page } from '@meridian/shared';
import { TradeScreen } from '../../../components/trade/TradeScreen';
import { useT } from '../../../i18n';

/** /pages/trade-margin/index — the Trade tab: spot and perpetual contracts on one market. */
export function TradeMarginIndexPage() {
  const { t } = useT();
  return (
    <Page title={t('tradeMarginTitle')}>
      <TradeScreen layout="phone" />
    </Page>
  );
}
