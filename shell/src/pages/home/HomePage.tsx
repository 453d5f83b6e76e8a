import { useTranslation } from 'react-i18next';
import { LinkGrid, Page } from '@meridian/shared';
import { AccountSummary } from './AccountSummary';
import { LatestNews } from './LatestNews';
import { MarketWidgetSlot } from './MarketWidgetSlot';

/**
 * Home: the account summary (or a sign-up call when logged out), the latest announcement, the live market
 * overview (mf_trading's widget, with its own fallback) and quick entries to every product area.
 */
export function HomePage() {
  const { t } = useTranslation('shell');
  const entries = [
    { href: '/pages/trade-margin/index', title: t('entrySpot'), hint: t('entrySpotHint') },
    { href: '/pages/stock/index', title: t('entryStocks'), hint: t('entryStocksHint') },
    { href: '/pages/ico/index', title: t('entryIco'), hint: t('entryIcoHint') },
    { href: '/pages/smart-pool/index', title: t('entrySmartPool'), hint: t('entrySmartPoolHint') },
    { href: '/pages/manage-account/index', title: t('entryWealth'), hint: t('entryWealthHint') },
    { href: '/pages/c2c/index', title: t('entryC2c'), hint: t('entryC2cHint') },
    { href: '/pages/recharge/index', title: t('entryDeposit'), hint: t('entryDepositHint') },
    { href: '/pages/loan/index', title: t('entryLoan'), hint: t('entryLoanHint') },
  ];
  return (
    <Page title={t('homeTitle')} subtitle={t('homeSubtitle')}>
      <AccountSummary />
      <LatestNews />
      <MarketWidgetSlot />
      <LinkGrid label={t('homeEntries')} links={entries} />
    </Page>
  );
}
