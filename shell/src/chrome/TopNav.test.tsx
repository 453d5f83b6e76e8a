import { act, screen, within } from '@testing-library/react';
import { SLOT_TEXTS_NAMESPACE, addTranslations, logout, setSession, setSlotContributions } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { TopNav } from './TopNav';
import { shellTranslations } from '../all-texts';

describe('TopNav', () => {
  it('offers log in to a visitor and the account to a logged-in user', () => {
    const { store } = renderWithPlatform(<TopNav pathname="/pages/desktop/market" />, { translations: { namespace: 'shell', texts: shellTranslations } });
    expect(screen.getByTestId('topnav-login')).toHaveAttribute('href', '/pages/desktop/login');
    expect(screen.getByTestId('topnav-market')).toHaveAttribute('aria-current', 'page');
    act(() => setSession(store, { token: 'abc', userInfo: { uid: '100001' } }));
    expect(screen.queryByTestId('topnav-login')).toBeNull();
    expect(screen.getByTestId('topnav-account')).toHaveAttribute('href', '/pages/desktop/settings');
    act(() => logout(store));
    expect(screen.getByTestId('topnav-login')).toBeInTheDocument();
  });

  it('shows the nav.top entries of the remotes in mf-config, in their order, and follows a remote that ships a new one', () => {
    renderWithPlatform(<TopNav pathname="/pages/desktop/otc" />, { translations: { namespace: 'shell', texts: shellTranslations } });
    const ids = () => within(screen.getByRole('navigation')).getAllByRole('link').map((link) => link.dataset.testid);
    expect(ids()).toEqual(['topnav-market', 'topnav-trade', 'topnav-stocks', 'topnav-ico', 'topnav-smart-pool', 'topnav-wealth', 'topnav-c2c', 'topnav-assets']);
    // activeOn from mf_c2c's manifest: its OTC pages light its entry
    expect(screen.getByTestId('topnav-c2c')).toHaveAttribute('aria-current', 'page');

    // a new version of mf_stocks brings a second entry: no change to the shell
    addTranslations(SLOT_TEXTS_NAMESPACE, { en: { mf_stocks: { slotNavIpo: 'IPO' } } } as never);
    act(() =>
      setSlotContributions('mf_stocks', {
        'nav.top': [
          { id: 'stocks', href: '/pages/stock/index', label: 'slotNavStocks', order: 30 },
          { id: 'ipo', href: '/pages/stock/ipo', label: 'slotNavIpo', order: 35 },
        ],
      }),
    );
    expect(screen.getByTestId('topnav-ipo')).toHaveTextContent('IPO');
    expect(ids().indexOf('topnav-ipo')).toBe(ids().indexOf('topnav-stocks') + 1);

    // a remote rolled back to a version contributing nothing (or removed from mf-config) leaves no entry
    act(() => setSlotContributions('mf_stocks', undefined));
    expect(screen.queryByTestId('topnav-stocks')).toBeNull();
  });

  it('leaves out an entry whose text the remote did not ship, rather than showing its key', () => {
    setSlotContributions('mf_c2c', { 'nav.top': [{ id: 'otc', href: '/pages/desktop/otc', label: 'slotNavMissing', order: 75 }] });
    renderWithPlatform(<TopNav pathname="/pages/desktop/market" />, { translations: { namespace: 'shell', texts: shellTranslations } });
    expect(screen.queryByTestId('topnav-otc')).toBeNull();
    expect(screen.queryByText('slotNavMissing')).toBeNull();
    expect(screen.getByTestId('topnav-assets')).toBeInTheDocument();
  });
});
