import { useTranslation } from 'react-i18next';
import { LinkGrid, Page } from '@meridian/shared';
import { AccountSummary } from './AccountSummary';
import { LatestNews } from './LatestNews';
import { MarketWidgetSlot } from './MarketWidgetSlot';
import { useSlotLinks } from '../../chrome/slot-links';

/**
 * Home: the account summary (or a sign-up call when logged out), the latest announcement, the live market
 * overview (mf_trading's widget, with its own fallback) and quick entries the product remotes contribute.
 */
export function HomePage() {
  const { t } = useTranslation('shell');
  // the home.entries slot: each remote's meridian.routes.json brings its tiles
  const entries = useSlotLinks('home.entries');
  return (
    <Page title={t('homeTitle')} subtitle={t('homeSubtitle')}>
      <AccountSummary />
      <LatestNews />
      <MarketWidgetSlot />
      <LinkGrid label={t('homeEntries')} links={entries} />
    </Page>
  );
}
